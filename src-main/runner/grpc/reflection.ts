import { status as Status, type Client, type ClientDuplexStream, type Metadata, type ServiceError } from '@grpc/grpc-js';
import type protobuf from 'protobufjs';
import { DefinitionError, fileDependencies, reflectionTypes, rootFromFileDescriptors } from './definitions';

/** At most this many descriptor files are fetched for one method (a server that keeps pointing elsewhere is cut off). */
const MAX_FILES = 200;

export interface Reflected {
  root: protobuf.Root;
  /** The services the server lists. */
  services: string[];
  version: 'v1' | 'v1alpha';
}

interface ReflectionReply {
  file_descriptor_response?: { file_descriptor_proto?: Uint8Array[] };
  list_services_response?: { service?: { name?: string }[] };
  error_response?: { error_code?: number; error_message?: string };
}

/**
 * Asks the server's reflection service (grpc.reflection.v1, else v1alpha) for the file that defines
 * `symbol` and every file it imports, and for its list of services, over one stream on the run's channel.
 */
export async function reflect(client: Client, symbol: string, metadata: Metadata, deadline: Date): Promise<Reflected> {
  try {
    return await reflectWith(client, 'v1', symbol, metadata, deadline);
  } catch (error) {
    if ((error as ServiceError).code !== Status.UNIMPLEMENTED) throw error;
    return await reflectWith(client, 'v1alpha', symbol, metadata, deadline);
  }
}

function reflectWith(client: Client, version: 'v1' | 'v1alpha', symbol: string, metadata: Metadata, deadline: Date): Promise<Reflected> {
  const types = reflectionTypes(version);
  return new Promise<Reflected>((resolve, reject) => {
    const files = new Map<string, Uint8Array>();
    const asked = new Set<string>();
    let services: string[] = [];
    let pending = 0;
    let settled = false;
    const call: ClientDuplexStream<Record<string, unknown>, ReflectionReply> = client.makeBidiStreamRequest(
      types.path,
      (value: Record<string, unknown>) => Buffer.from(types.request.encode(types.request.fromObject(value)).finish()),
      (bytes: Buffer) => types.response.toObject(types.response.decode(bytes), { defaults: false }) as ReflectionReply,
      metadata,
      { deadline },
    );
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      call.cancel();
      reject(error);
    };
    const ask = (request: Record<string, unknown>) => {
      pending++;
      call.write({ host: '', ...request });
    };
    const askFile = (name: string) => {
      if (asked.has(name) || files.has(name)) return;
      if (asked.size >= MAX_FILES) return fail(new DefinitionError(`reflection: more than ${MAX_FILES} descriptor files for ${symbol}`));
      asked.add(name);
      ask({ file_by_filename: name });
    };
    call.on('data', (reply: ReflectionReply) => {
      pending--;
      if (reply.error_response) {
        const message = reply.error_response.error_message || `error ${reply.error_response.error_code ?? ''}`;
        return fail(new DefinitionError(`the server's reflection does not know ${symbol}: ${message}`));
      }
      if (reply.list_services_response) services = (reply.list_services_response.service ?? []).map((s) => s.name ?? '').filter(Boolean);
      for (const bytes of reply.file_descriptor_response?.file_descriptor_proto ?? []) {
        const { name } = fileDependencies(bytes);
        files.set(name, bytes);
      }
      for (const bytes of files.values()) for (const dependency of fileDependencies(bytes).dependencies) askFile(dependency);
      if (pending === 0 && !settled) {
        settled = true;
        call.end();
        try {
          resolve({ root: rootFromFileDescriptors([...files.values()]), services, version });
        } catch (error) {
          reject(error as Error);
        }
      }
    });
    call.on('error', (error: ServiceError) => fail(error));
    call.on('status', () => {
      if (!settled) fail(new DefinitionError(`the server's reflection ended the stream before answering about ${symbol}`));
    });
    ask({ list_services: '' });
    ask({ file_containing_symbol: symbol });
  });
}
