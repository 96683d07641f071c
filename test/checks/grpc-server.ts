import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { connect, createServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Metadata, Server, ServerCredentials, status, type ServerDuplexStream, type ServerUnaryCall, type sendUnaryData, type UntypedServiceImplementation } from '@grpc/grpc-js';
import type protobuf from 'protobufjs';
import descriptor from 'protobufjs/ext/descriptor/index.js';
import { HEALTH_PROTO, REFLECTION_PROTO, parseProto } from '../../src-main/runner/grpc/definitions';

/**
 * A real gRPC server for the tests (grpc-js): the standard health service, a unary Greeter method, and
 * server reflection (v1 and v1alpha) answering from the .proto's own descriptors; in plaintext or TLS
 * with a self-signed certificate made by openssl. Beside it: a server that accepts connections and never
 * answers, a peer that is not gRPC (HTTP/1.1), and counting proxies to see that every connection closes.
 */

export const GREETER_PROTO = `
syntax = "proto3";
package demo.v1;
import "google/protobuf/timestamp.proto";
message HelloRequest { string name = 1; int32 times = 2; }
message HelloReply { string message = 1; repeated string tags = 2; google.protobuf.Timestamp at = 3; }
message Empty {}
service Greeter {
  rpc SayHello (HelloRequest) returns (HelloReply);
  rpc Fail (Empty) returns (Empty);
  rpc Big (Empty) returns (HelloReply);
  rpc Hang (Empty) returns (Empty);
  rpc Chat (stream HelloRequest) returns (stream HelloReply);
}
`;

type Health = 'SERVING' | 'NOT_SERVING';

export interface GrpcTargets {
  plain: number;
  tls: number;
  hang: number;
  http1: number;
  /** Open connections per port through `proxy()` (the proxied ports count each connection until it closes). */
  proxy(port: number): Promise<{ port: number; open(): number; total(): number }>;
  setHealth(service: string, value: Health): void;
  /** The metadata the last SayHello call carried. */
  lastMetadata(): Record<string, unknown>;
  close(): Promise<void>;
}

function makeCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'grpc-cert-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '2', '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The services as an untyped grpc-js definition built from protobufjs types (what proto-loader does). */
function unary(path: string, request: protobuf.Type, response: protobuf.Type) {
  return {
    path,
    requestStream: false,
    responseStream: false,
    requestSerialize: (value: object) => Buffer.from(request.encode(request.fromObject(value)).finish()),
    requestDeserialize: (bytes: Buffer) => request.toObject(request.decode(bytes)),
    responseSerialize: (value: object) => Buffer.from(response.encode(response.fromObject(value)).finish()),
    responseDeserialize: (bytes: Buffer) => response.toObject(response.decode(bytes)),
  };
}

function reflectionService(pkg: 'v1' | 'v1alpha', files: Map<string, Uint8Array>, symbols: Map<string, string>, services: string[]) {
  const root = parseProto(REFLECTION_PROTO(pkg));
  const request = root.lookupType(`grpc.reflection.${pkg}.ServerReflectionRequest`);
  const response = root.lookupType(`grpc.reflection.${pkg}.ServerReflectionResponse`);
  const definition = {
    ServerReflectionInfo: {
      ...unary(`/grpc.reflection.${pkg}.ServerReflection/ServerReflectionInfo`, request, response),
      requestStream: true,
      responseStream: true,
      requestDeserialize: (bytes: Buffer) => request.toObject(request.decode(bytes), { oneofs: true }),
    },
  };
  const implementation = {
    ServerReflectionInfo: (stream: ServerDuplexStream<Record<string, string>, object>) => {
      stream.on('data', (message: Record<string, string>) => {
        const reply = (body: object) => stream.write({ valid_host: '', original_request: message, ...body });
        if (message.list_services !== undefined) return reply({ list_services_response: { service: services.map((name) => ({ name })) } });
        const file = message.file_containing_symbol !== undefined ? symbols.get(message.file_containing_symbol) : message.file_by_filename;
        const bytes = file === undefined ? undefined : files.get(file);
        if (!bytes) return reply({ error_response: { error_code: status.NOT_FOUND, error_message: `not found: ${JSON.stringify(message)}` } });
        reply({ file_descriptor_response: { file_descriptor_proto: [bytes] } });
      });
      stream.on('end', () => stream.end());
    },
  };
  return { definition, implementation };
}

/** Serialized FileDescriptorProtos of the Greeter .proto and the Timestamp it imports, keyed by file name. */
function descriptorFiles(): { files: Map<string, Uint8Array>; symbols: Map<string, string> } {
  // The Greeter file and the well-known Timestamp it imports, as a server's reflection serves them.
  const set = parseProto(GREETER_PROTO).toDescriptor('proto3') as unknown as { file: { name: string; package?: string; dependency?: string[] }[] };
  const greeterFile = set.file.find((file) => file.package === 'demo.v1')!;
  const timestampFile = set.file.find((file) => file.package === 'google.protobuf')!;
  greeterFile.name = 'demo/v1/greeter.proto';
  greeterFile.dependency = ['google/protobuf/timestamp.proto'];
  timestampFile.name = 'google/protobuf/timestamp.proto';
  const encode = (file: object) => descriptor.FileDescriptorProto.encode(descriptor.FileDescriptorProto.fromObject(file)).finish();
  const files = new Map<string, Uint8Array>([
    ['demo/v1/greeter.proto', encode(greeterFile)],
    ['google/protobuf/timestamp.proto', encode(timestampFile)],
  ]);
  return { files, symbols: new Map([['demo.v1.Greeter', 'demo/v1/greeter.proto']]) };
}

export async function startGrpcTargets(options: { reflection?: 'v1' | 'v1alpha' | 'none' } = {}): Promise<GrpcTargets> {
  const health = new Map<string, Health>([['', 'SERVING'], ['demo.v1.Greeter', 'SERVING']]);
  let lastMetadata: Record<string, unknown> = {};
  const healthRoot = parseProto(HEALTH_PROTO);
  const greeterRoot = parseProto(GREETER_PROTO);
  const type = (root: protobuf.Root, name: string) => root.lookupType(name);
  const healthDefinition = { Check: unary('/grpc.health.v1.Health/Check', type(healthRoot, 'grpc.health.v1.HealthCheckRequest'), type(healthRoot, 'grpc.health.v1.HealthCheckResponse')) };
  const helloRequest = type(greeterRoot, 'demo.v1.HelloRequest');
  const helloReply = type(greeterRoot, 'demo.v1.HelloReply');
  const empty = type(greeterRoot, 'demo.v1.Empty');
  const greeterDefinition = {
    SayHello: unary('/demo.v1.Greeter/SayHello', helloRequest, helloReply),
    Fail: unary('/demo.v1.Greeter/Fail', empty, empty),
    Big: unary('/demo.v1.Greeter/Big', empty, helloReply),
    Hang: unary('/demo.v1.Greeter/Hang', empty, empty),
  };
  const greeterImplementation: UntypedServiceImplementation = {
    SayHello: (call: ServerUnaryCall<{ name?: string; times?: number }, object>, callback: sendUnaryData<object>) => {
      lastMetadata = call.metadata.getMap();
      const headers = new Metadata();
      headers.set('x-served-by', 'greeter-test');
      call.sendMetadata(headers);
      const name = call.request.name ?? '';
      callback(null, { message: `Hello ${name}`.repeat(Math.max(1, call.request.times ?? 1)), tags: ['a', 'b'], at: { seconds: 1_700_000_000, nanos: 0 } });
    },
    Fail: (_call: ServerUnaryCall<object, object>, callback: sendUnaryData<object>) => callback({ code: status.FAILED_PRECONDITION, details: 'the greeter is closed for the night' }),
    Big: (_call: ServerUnaryCall<object, object>, callback: sendUnaryData<object>) => callback(null, { message: 'z'.repeat(2 * 1024 * 1024) }),
    // Takes the call and never answers it.
    Hang: () => {},
  };
  const healthImplementation: UntypedServiceImplementation = {
    Check: (call: ServerUnaryCall<{ service?: string }, object>, callback: sendUnaryData<object>) => {
      const state = health.get(call.request.service ?? '');
      if (!state) return callback({ code: status.NOT_FOUND, details: `unknown service ${call.request.service ?? ''}` });
      callback(null, { status: state });
    },
  };

  const servers: Server[] = [];
  const start = async (creds: ServerCredentials): Promise<number> => {
    const server = new Server();
    server.addService(healthDefinition, healthImplementation);
    server.addService(greeterDefinition, greeterImplementation);
    if (options.reflection !== 'none') {
      const { files, symbols } = descriptorFiles();
      const versions: ('v1' | 'v1alpha')[] = options.reflection === 'v1alpha' ? ['v1alpha'] : ['v1', 'v1alpha'];
      for (const version of versions) {
        const reflection = reflectionService(version, files, symbols, ['demo.v1.Greeter', 'grpc.health.v1.Health']);
        server.addService(reflection.definition, reflection.implementation);
      }
    }
    servers.push(server);
    return await new Promise<number>((resolve, reject) => server.bindAsync('127.0.0.1:0', creds, (error, port) => (error ? reject(error) : resolve(port))));
  };
  const plain = await start(ServerCredentials.createInsecure());
  const { key, cert } = makeCertificate();
  const tls = await start(ServerCredentials.createSsl(null, [{ private_key: key, cert_chain: cert }], false));

  const netServers: NetServer[] = [];
  const sockets = new Set<Socket>();
  const listen = async (server: NetServer): Promise<number> => {
    netServers.push(server);
    server.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  };
  // Accepts and never says a word (no HTTP/2 settings, nothing).
  const hang = await listen(createServer(() => {}));
  // An HTTP/1.1 server: not gRPC.
  const http = createHttpServer((_req, res) => res.end('<html>not grpc</html>'));
  const http1 = await listen(http as unknown as NetServer);

  const proxy = async (port: number) => {
    let open = 0;
    let total = 0;
    const server = createServer((client) => {
      open++;
      total++;
      const upstream = connect(port, '127.0.0.1');
      const close = () => {
        client.destroy();
        upstream.destroy();
      };
      let counted = true;
      const done = () => {
        if (counted) open--;
        counted = false;
        close();
      };
      client.on('close', done).on('error', done);
      upstream.on('close', done).on('error', done);
      client.pipe(upstream).pipe(client);
    });
    const proxyPort = await listen(server);
    return { port: proxyPort, open: () => open, total: () => total };
  };

  return {
    plain,
    tls,
    hang,
    http1,
    proxy,
    setHealth: (service, value) => health.set(service, value),
    lastMetadata: () => lastMetadata,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.tryShutdown(() => resolve()))));
      for (const server of servers) server.forceShutdown();
      await Promise.all(netServers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  };
}
