import protobuf from 'protobufjs';
import descriptor from 'protobufjs/ext/descriptor/index.js';

/**
 * The protobuf side of a gRPC run: the health and reflection protocols' messages, a .proto given inline
 * (PROTO_FILE) or file descriptors a server's reflection returned, turned into the unary method to call.
 */

export const HEALTH_PROTO = `
syntax = "proto3";
package grpc.health.v1;
message HealthCheckRequest { string service = 1; }
message HealthCheckResponse {
  enum ServingStatus { UNKNOWN = 0; SERVING = 1; NOT_SERVING = 2; SERVICE_UNKNOWN = 3; }
  ServingStatus status = 1;
}
service Health { rpc Check(HealthCheckRequest) returns (HealthCheckResponse); }
`;

/** grpc.reflection.v1 (v1alpha has the same messages under its own package). */
export const REFLECTION_PROTO = (pkg: 'v1' | 'v1alpha') => `
syntax = "proto3";
package grpc.reflection.${pkg};
service ServerReflection { rpc ServerReflectionInfo(stream ServerReflectionRequest) returns (stream ServerReflectionResponse); }
message ServerReflectionRequest {
  string host = 1;
  oneof message_request {
    string file_by_filename = 3;
    string file_containing_symbol = 4;
    ExtensionRequest file_containing_extension = 5;
    string all_extension_numbers_of_type = 6;
    string list_services = 7;
  }
}
message ExtensionRequest { string containing_type = 1; int32 extension_number = 2; }
message ServerReflectionResponse {
  string valid_host = 1;
  ServerReflectionRequest original_request = 2;
  oneof message_response {
    FileDescriptorResponse file_descriptor_response = 4;
    ExtensionNumberResponse all_extension_numbers_response = 5;
    ListServiceResponse list_services_response = 6;
    ErrorResponse error_response = 7;
  }
}
message FileDescriptorResponse { repeated bytes file_descriptor_proto = 1; }
message ExtensionNumberResponse { string base_type_name = 1; repeated int32 extension_number = 2; }
message ListServiceResponse { repeated ServiceResponse service = 1; }
message ServiceResponse { string name = 1; }
message ErrorResponse { int32 error_code = 1; string error_message = 2; }
`;

/** A problem with the service definition: the run fails with it, no call is made. */
export class DefinitionError extends Error {}

/** Parses .proto text; its imports of the well-known google/protobuf types are resolved from protobufjs' copies. */
export function parseProto(text: string): protobuf.Root {
  let parsed: protobuf.IParserResult;
  try {
    parsed = protobuf.parse(text, { keepCase: true, alternateCommentMode: true });
  } catch (error) {
    throw new DefinitionError(`protoContent does not parse: ${(error as Error).message}`);
  }
  const root = parsed.root;
  for (const file of [...(parsed.imports ?? []), ...(parsed.weakImports ?? [])]) {
    const common = protobuf.common.get(file);
    if (!common) throw new DefinitionError(`protoContent imports "${file}", which is not one of the well-known types; put what it needs in the one file`);
    root.addJSON(common.nested ?? {});
  }
  try {
    root.resolveAll();
    return root;
  } catch (error) {
    throw new DefinitionError(`protoContent does not resolve: ${(error as Error).message}`);
  }
}

/** Builds a root from serialized FileDescriptorProtos (what server reflection returns). */
export function rootFromFileDescriptors(files: readonly Uint8Array[]): protobuf.Root {
  const set = { file: files.map((bytes) => descriptor.FileDescriptorProto.decode(bytes)) };
  try {
    // protobufjs/ext/descriptor adds Root.fromDescriptor at run time; its typings do not declare it.
    const fromDescriptor = (protobuf.Root as unknown as { fromDescriptor(set: object): protobuf.Root }).fromDescriptor;
    return fromDescriptor(set);
  } catch (error) {
    throw new DefinitionError(`the descriptors the server's reflection returned do not resolve: ${(error as Error).message}`);
  }
}

/** A FileDescriptorProto's name and the files it imports. */
export function fileDependencies(bytes: Uint8Array): { name: string; dependencies: string[] } {
  const file = descriptor.FileDescriptorProto.decode(bytes) as unknown as { name?: string; dependency?: string[] };
  return { name: file.name ?? '', dependencies: file.dependency ?? [] };
}

/** Every method a root defines, as "pkg.Service/Method". */
export function methodsOf(root: protobuf.Root): string[] {
  const methods: string[] = [];
  const walk = (ns: protobuf.NamespaceBase) => {
    for (const nested of ns.nestedArray) {
      if (nested instanceof protobuf.Service) for (const name of Object.keys(nested.methods)) methods.push(`${nested.fullName.slice(1)}/${name}`);
      else if (nested instanceof protobuf.Namespace || nested instanceof protobuf.Type) walk(nested);
    }
  };
  walk(root);
  return methods.sort();
}

export interface UnaryMethod {
  /** "/pkg.Service/Method", the HTTP/2 path. */
  path: string;
  requestType: protobuf.Type;
  responseType: protobuf.Type;
}

/** "pkg.Service/Method" (or "/pkg.Service/Method") in the root, refused when it streams. */
export function findUnary(root: protobuf.Root, method: string): UnaryMethod {
  const [serviceName, methodName] = method.replace(/^\//, '').split('/') as [string, string];
  const service = root.lookup(serviceName);
  if (!(service instanceof protobuf.Service)) throw new DefinitionError(`the service definition has no service ${serviceName}`);
  const found = service.methods[methodName];
  if (!found) throw new DefinitionError(`service ${serviceName} has no method ${methodName} (it has ${Object.keys(service.methods).join(', ') || 'none'})`);
  if (found.requestStream || found.responseStream) throw new DefinitionError(`${serviceName}/${methodName} streams; a gRPC monitor calls unary methods only`);
  found.resolve();
  if (!found.resolvedRequestType || !found.resolvedResponseType) throw new DefinitionError(`${serviceName}/${methodName}: its message types do not resolve`);
  return { path: `/${serviceName}/${methodName}`, requestType: found.resolvedRequestType, responseType: found.resolvedResponseType };
}

/** The JSON message as the request type's bytes; an unknown member or a wrong type is named. */
export function encodeMessage(type: protobuf.Type, json: string): Buffer {
  const value = JSON.parse(json) as Record<string, unknown>;
  const known = new Set(type.fieldsArray.flatMap((field) => [field.name, field.options?.json_name as string | undefined, camel(field.name)]).filter(Boolean));
  for (const key of Object.keys(value)) {
    if (!known.has(key)) throw new DefinitionError(`message: ${type.fullName.slice(1)} has no field "${key}"`);
  }
  const problem = type.verify(type.fromObject(value));
  if (problem) throw new DefinitionError(`message: ${problem}`);
  return Buffer.from(type.encode(type.fromObject(value)).finish());
}

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** The reply as JSON (enums by name, 64-bit numbers and bytes as strings, defaults shown). */
export function decodeMessage(type: protobuf.Type, bytes: Buffer): Record<string, unknown> {
  return type.toObject(type.decode(bytes), { enums: String, longs: String, bytes: String, defaults: true, json: true });
}

let healthRoot: protobuf.Root | null = null;
/** grpc.health.v1.Health/Check. */
export function healthCheckMethod(): UnaryMethod {
  healthRoot ??= parseProto(HEALTH_PROTO);
  return findUnary(healthRoot, 'grpc.health.v1.Health/Check');
}

const reflectionRoots = new Map<string, protobuf.Root>();
/** The reflection request and response types of one protocol version. */
export function reflectionTypes(pkg: 'v1' | 'v1alpha'): { request: protobuf.Type; response: protobuf.Type; path: string } {
  let root = reflectionRoots.get(pkg);
  if (!root) reflectionRoots.set(pkg, (root = parseProto(REFLECTION_PROTO(pkg))));
  return {
    request: root.lookupType(`grpc.reflection.${pkg}.ServerReflectionRequest`),
    response: root.lookupType(`grpc.reflection.${pkg}.ServerReflectionResponse`),
    path: `/grpc.reflection.${pkg}.ServerReflection/ServerReflectionInfo`,
  };
}
