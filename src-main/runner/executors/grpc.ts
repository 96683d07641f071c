import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { Client, Metadata, connectivityState, credentials, status as Status, type ServiceError, type StatusObject } from '@grpc/grpc-js';
import { GRPC_HEALTH_STATUSES, GRPC_MAX_RECEIVE_BYTES, GRPC_RESPONSE_KEEP_CHARS, GRPC_STATUS_NAMES } from '../../../src-shared/schemas/grpc-monitor';
import type { GrpcCheckResult } from '../../../src-shared/schemas/result-payloads';
import { grpcTimeLimitMs } from '../../../src-shared/check-types/grpc';
import { DefinitionError, decodeMessage, encodeMessage, findUnary, healthCheckMethod, methodsOf, parseProto, type UnaryMethod } from '../grpc/definitions';
import { trackingSockets } from '../grpc/own-sockets';
import { reflect } from '../grpc/reflection';
import { readJsonPath } from '../json-path';
import type { AssertionOutcome, ExecutionError, ExecutionJob, ExecutionResult, ExecutorDeps } from '../types';
import { evaluateAssertion, settle } from '../verdict';

type GrpcJob = Extract<ExecutionJob, { checkType: 'GRPC' }>;
type GrpcRequest = GrpcJob['check']['request'];
type GrpcAssertion = GrpcRequest['assertions'][number];
type ErrorCode = NonNullable<GrpcCheckResult['errorCode']>;

/** At most this many metadata entries (headers and trailers) are kept, each value cut at 1 KiB. */
const METADATA_KEEP = 50;

interface Call {
  method: UnaryMethod | null;
  discovered: string[] | null;
  resolvedIp: string | null;
  dnsMs: number | null;
  connectMs: number | null;
  totalMs: number;
  status: StatusObject | null;
  /** The server answered (headers or a status of its own), as opposed to a status grpc-js made up locally. */
  answered: boolean;
  metadata: { key: string; value: string }[];
  reply: Record<string, unknown> | null;
  replyText: string;
  errorCode: ErrorCode | null;
  error: string | null;
  aborted: boolean;
}

const statusLabel = (code: number) => GRPC_STATUS_NAMES[code] ?? String(code);

/** Headers and trailers as the result lists them; binary values in base64. */
function entriesOf(metadata: Metadata, into: { key: string; value: string }[]): void {
  for (const [key, values] of Object.entries(metadata.toJSON())) {
    for (const value of values) {
      if (into.length >= METADATA_KEEP) return;
      const text = Buffer.isBuffer(value) ? value.toString('base64') : String(value);
      into.push({ key, value: text.slice(0, 1024) });
    }
  }
}

function requestMetadata(request: GrpcRequest): Metadata {
  const metadata = new Metadata();
  for (const { key, value } of request.grpcConfig.metadata) {
    if (key.toLowerCase().endsWith('-bin')) metadata.add(key, Buffer.from(value, 'base64'));
    else metadata.add(key, value);
  }
  return metadata;
}

/** How much earlier than the deadline a DEADLINE_EXCEEDED still counts as the deadline itself (timers fire late or early by a little). */
const DEADLINE_SLACK_MS = 100;

/** Why a call ended without an answer, in a word and a sentence. */
function classify(error: ServiceError, call: Call, limitMs: number, elapsedMs: number): { code: ErrorCode; message: string } {
  const details = error.details || error.message;
  // The deadline passed with no reply: a timeout, whether grpc-js' own timer or the server's ending of
  // the call at the same deadline (its trailers, first under load) said so. A server that answers
  // DEADLINE_EXCEEDED well before the deadline (its own upstream timed out) is a call that failed.
  if (error.code === Status.DEADLINE_EXCEEDED && (!call.answered || elapsedMs >= limitMs - DEADLINE_SLACK_MS)) {
    return call.connectMs === null
      ? { code: 'TIMEOUT', message: `no gRPC answer within ${limitMs} ms: the connection or its HTTP/2 handshake did not complete (${details})` }
      : { code: 'TIMEOUT', message: `the server accepted the connection but gave no answer within ${limitMs} ms` };
  }
  if (!call.answered && error.code === Status.UNAVAILABLE) {
    if (/certificate|ssl|tls|handshake|self[- ]signed|wrong version number|alert/i.test(details)) return { code: 'TLS', message: `TLS failed: ${details}` };
    if (/protocol error|http2|RST_STREAM|not.*grpc|content-type|goaway/i.test(details)) return { code: 'PROTOCOL', message: `the peer does not speak gRPC: ${details}` };
    return { code: 'NO_CONNECTION', message: `no connection: ${details}` };
  }
  if (!call.answered && (error.code === Status.INTERNAL || error.code === Status.UNKNOWN || error.code === Status.UNIMPLEMENTED) && /content-type|http status|protocol|RST_STREAM|parse/i.test(details)) {
    return { code: 'PROTOCOL', message: `the peer does not speak gRPC: ${details}` };
  }
  return { code: 'CALL', message: `${statusLabel(error.code)} (${error.code}): ${details}` };
}

/** The address to dial: the resolved IP (so the result can name it), the host kept for TLS and :authority. */
async function resolve(request: GrpcRequest, limitMs: number): Promise<{ ip: string; ms: number | null } | { error: string; timedOut: boolean }> {
  const host = request.url.replace(/^\[|\]$/g, '');
  if (isIP(host)) return { ip: host, ms: null };
  const family = request.ipFamily === 'IPv6' ? 6 : 4;
  const started = performance.now();
  try {
    const timer = new Promise<never>((_, reject) => setTimeout(() => reject(Object.assign(new Error('lookup timed out'), { code: 'ETIMEDOUT' })), limitMs).unref());
    const { address } = await Promise.race([lookup(host, { family }), timer]);
    return { ip: address, ms: Math.round(performance.now() - started) };
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return { error: `${host} did not resolve to an IPv${family} address (${code ?? (error as Error).message})`, timedOut: code === 'ETIMEDOUT' };
  }
}

/** The method to call: the health check, a method of the inline .proto, or one found by reflection (on the run's channel). */
async function methodFor(request: GrpcRequest, client: Client, metadata: Metadata, deadline: Date, call: Call): Promise<UnaryMethod> {
  const config = request.grpcConfig;
  if (config.mode === 'HEALTH') return healthCheckMethod();
  const method = config.method ?? '';
  if (config.serviceDefinition === 'PROTO_FILE') {
    const root = parseProto(config.protoContent ?? '');
    call.discovered = methodsOf(root);
    return findUnary(root, method);
  }
  const symbol = method.replace(/^\//, '').split('/')[0] ?? '';
  const reflected = await reflect(client, symbol, metadata, deadline);
  call.discovered = methodsOf(reflected.root);
  return findUnary(reflected.root, method);
}

/** Opens one channel, finds the method, makes the call (bounded by the deadline) and always closes the channel. */
async function callOnce(job: GrpcJob, limitMs: number): Promise<Call> {
  const request = job.check.request;
  const config = request.grpcConfig;
  const started = performance.now();
  const deadline = new Date(Date.now() + limitMs);
  const call: Call = { method: null, discovered: null, resolvedIp: null, dnsMs: null, connectMs: null, totalMs: 0, status: null, answered: false, metadata: [], reply: null, replyText: '', errorCode: null, error: null, aborted: false };
  const end = (code: ErrorCode, message: string) => {
    call.errorCode = code;
    call.error = message;
    call.totalMs = Math.round(performance.now() - started);
    return call;
  };

  const resolved = await resolve(request, limitMs);
  if ('error' in resolved) return end(resolved.timedOut ? 'TIMEOUT' : 'NO_CONNECTION', resolved.error);
  call.resolvedIp = resolved.ip;
  call.dnsMs = resolved.ms;

  const host = request.url.replace(/^\[|\]$/g, '');
  const target = isIP(resolved.ip) === 6 ? `[${resolved.ip}]:${request.port}` : `${resolved.ip}:${request.port}`;
  const sockets = trackingSockets(
    config.tls ? credentials.createSsl(null, null, null, request.skipSSL ? { rejectUnauthorized: false, checkServerIdentity: () => undefined } : {}) : credentials.createInsecure(),
  );
  const client = new Client(target, sockets.creds, {
    // Each run has its own connection, closed with the client: nothing is shared with other runs or kept after.
    'grpc.use_local_subchannel_pool': 1,
    'grpc.max_receive_message_length': GRPC_MAX_RECEIVE_BYTES,
    'grpc.enable_retries': 0,
    'grpc.default_authority': isIP(host) === 6 ? `[${host}]:${request.port}` : `${host}:${request.port}`,
    ...(config.tls && !isIP(host) ? { 'grpc.ssl_target_name_override': host } : {}),
  });
  const channel = client.getChannel();
  const connectStart = performance.now();
  const watch = (state: connectivityState) => {
    if (state === connectivityState.READY) {
      call.connectMs ??= Math.round(performance.now() - connectStart);
      return;
    }
    if (state === connectivityState.SHUTDOWN) return;
    channel.watchConnectivityState(state, deadline, (error) => {
      if (!error) watch(channel.getConnectivityState(false));
    });
  };
  watch(channel.getConnectivityState(true));
  const onAbort = () => {
    call.aborted = true;
    client.close();
  };
  job.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const metadata = requestMetadata(request);
    try {
      call.method = await methodFor(request, client, metadata, deadline, call);
    } catch (error) {
      if (error instanceof DefinitionError) return end('DEFINITION', error.message);
      const failed = classify(error as ServiceError, call, limitMs, performance.now() - started);
      return end(failed.code === 'CALL' ? 'DEFINITION' : failed.code, failed.code === 'CALL' ? `reflection failed: ${failed.message}` : failed.message);
    }
    const method = call.method;
    let payload: Buffer;
    try {
      payload = config.mode === 'HEALTH' ? encodeMessage(method.requestType, JSON.stringify({ service: config.service })) : encodeMessage(method.requestType, config.message);
    } catch (error) {
      return end('DEFINITION', (error as Error).message);
    }
    const reply = await new Promise<{ error: ServiceError | null; bytes: Buffer | null }>((done) => {
      const unary = client.makeUnaryRequest(
        method.path,
        (value: Buffer) => value,
        (bytes: Buffer) => bytes,
        payload,
        metadata,
        { deadline },
        (error, bytes) => done({ error: error ?? null, bytes: bytes ?? null }),
      );
      unary.on('metadata', (headers: Metadata) => {
        call.answered = true;
        entriesOf(headers, call.metadata);
      });
      unary.on('status', (status: StatusObject) => {
        call.status = status;
        // Trailers with more than grpc-js' own are the server's; so is any status after headers.
        if (Object.keys(status.metadata.toJSON()).length > 0) call.answered = true;
        entriesOf(status.metadata, call.metadata);
      });
    });
    call.totalMs = Math.round(performance.now() - started);
    if (reply.error) {
      const failed = classify(reply.error, call, limitMs, performance.now() - started);
      call.errorCode = failed.code;
      call.error = failed.message;
      return call;
    }
    try {
      call.reply = decodeMessage(method.responseType, reply.bytes ?? Buffer.alloc(0));
      call.replyText = JSON.stringify(call.reply);
    } catch (error) {
      return end('PROTOCOL', `the reply does not decode as ${method.responseType.fullName.slice(1)}: ${(error as Error).message}`);
    }
    return call;
  } finally {
    job.signal?.removeEventListener('abort', onAbort);
    client.close();
    sockets.destroyAll();
  }
}

/** HAS_KEY and HAS_VALUE read an object's member names or values; the others compare as every type does. */
function judge(assertion: GrpcAssertion, value: unknown): AssertionOutcome {
  const { comparison } = assertion;
  if (comparison === 'HAS_KEY' || comparison === 'NOT_HAS_KEY' || comparison === 'HAS_VALUE' || comparison === 'NOT_HAS_VALUE') {
    const base = evaluateAssertion({ ...assertion, comparison: 'NOT_NULL' }, value);
    const holds =
      comparison === 'HAS_KEY' || comparison === 'NOT_HAS_KEY'
        ? value !== null && typeof value === 'object' && Object.hasOwn(value, assertion.target)
        : value !== null && typeof value === 'object' && Object.values(value).some((item) => String(item) === assertion.target);
    return { ...base, comparison, passed: comparison.startsWith('NOT_') ? !holds : holds };
  }
  return evaluateAssertion({ ...assertion, comparison }, value);
}

function metadataValue(call: Call, key: string): unknown {
  if (key === '') return Object.fromEntries(call.metadata.map((entry) => [entry.key, entry.value]));
  const values = call.metadata.filter((entry) => entry.key === key.toLowerCase()).map((entry) => entry.value);
  return values.length === 0 ? null : values.join(', ');
}

function evaluate(assertion: GrpcAssertion, call: Call, healthStatus: number | null, responseTime: number): AssertionOutcome {
  switch (assertion.source) {
    case 'RESPONSE_TIME':
      return judge(assertion, responseTime);
    case 'GRPC_STATUS_CODE':
      return judge(assertion, call.status?.code ?? null);
    case 'GRPC_HEALTHCHECK_STATUS':
      return judge(assertion, healthStatus);
    case 'GRPC_RESPONSE':
      return judge(assertion, assertion.property ? readJsonPath(call.reply, assertion.property) : call.reply);
    case 'TEXT_BODY':
      return judge(assertion, call.replyText);
    case 'GRPC_METADATA':
      return judge(assertion, metadataValue(call, assertion.property));
  }
}

/**
 * A gRPC monitor's run: resolve the host, open a channel (TLS or plaintext), find the method (the health
 * check, the inline .proto's, or by reflection), call it once with the metadata before the deadline, and
 * judge. Without a GRPC_STATUS_CODE assertion a status other than OK fails; in HEALTH mode, without a
 * GRPC_HEALTHCHECK_STATUS assertion, a status other than SERVING fails. The channel is always closed.
 */
export async function runGrpc(job: GrpcJob, deps: ExecutorDeps): Promise<ExecutionResult> {
  const startedAt = deps.now();
  const { check } = job;
  const request = check.request;
  const config = request.grpcConfig;
  const limitMs = grpcTimeLimitMs(check);
  const call = await callOnce(job, limitMs);
  const health = config.mode === 'HEALTH' && call.reply ? GRPC_HEALTH_STATUSES.indexOf(String(call.reply.status) as (typeof GRPC_HEALTH_STATUSES)[number]) : -1;
  const healthStatus = health >= 0 ? health : null;
  const statusCode = call.status?.code ?? null;
  const responseTime = call.totalMs;
  const timingPhases = { dns: call.dnsMs, connect: call.connectMs, total: call.totalMs };
  const methodName = config.mode === 'HEALTH' ? 'grpc.health.v1.Health/Check' : (config.method ?? '').replace(/^\//, '');
  const payload: GrpcCheckResult = {
    grpcStatusCode: statusCode,
    healthStatus,
    timingPhases,
    request: {
      url: request.url,
      port: request.port,
      tls: config.tls,
      skipSSL: request.skipSSL,
      mode: config.mode,
      service: config.service,
      method: methodName,
      serviceDefinition: config.mode === 'BEHAVIOR' ? config.serviceDefinition : null,
      // Metadata values may be credentials: the result keeps their keys only.
      metadataKeys: config.metadata.map((item) => item.key),
      message: config.mode === 'BEHAVIOR' ? config.message : null,
    },
    response: {
      grpcMode: config.mode,
      host: request.url,
      resolvedIp: call.resolvedIp,
      port: request.port,
      grpcMethod: methodName,
      responseMessage: call.replyText.slice(0, GRPC_RESPONSE_KEEP_CHARS),
      responseTruncated: call.replyText.length > GRPC_RESPONSE_KEEP_CHARS,
      grpcStatusCode: statusCode,
      grpcStatusMessage: call.status ? (call.status.code === Status.OK ? 'OK' : `${statusLabel(call.status.code)}${call.status.details ? `: ${call.status.details}` : ''}`) : '',
      healthStatus,
      healthStatusLabel: healthStatus === null ? '' : (GRPC_HEALTH_STATUSES[healthStatus] ?? ''),
      metadata: call.metadata,
      discoveredMethods: call.discovered,
      requestError: call.error,
      timingPhases,
    },
    errorCode: call.errorCode,
  };
  const target = `${request.url}:${request.port} ${methodName}`;
  if (call.aborted) return { ...settle({ startedAt, stoppedAt: deps.now(), responseTime, limits: check, fault: null, assertions: [], aborted: true }), grpcCheckResult: payload };
  const decidesStatus = request.assertions.some((a) => a.source === 'GRPC_STATUS_CODE');
  if (call.error !== null && !(call.errorCode === 'CALL' && decidesStatus)) {
    const kind: ExecutionError['kind'] = call.errorCode === 'TIMEOUT' ? 'TIMEOUT' : call.errorCode === 'DEFINITION' ? 'INVALID_TARGET' : call.errorCode === 'CALL' ? 'ASSERTION_FAILED' : 'NETWORK_ERROR';
    const verdict = settle({ startedAt, stoppedAt: deps.now(), responseTime, limits: check, fault: { kind, message: `${target}: ${call.error}` }, assertions: [], timedOut: call.errorCode === 'TIMEOUT' });
    return { ...verdict, grpcCheckResult: payload };
  }
  const assertions = request.assertions.map((assertion) => evaluate(assertion, call, healthStatus, responseTime));
  let fault: ExecutionError | null = null;
  const decidesHealth = request.assertions.some((a) => a.source === 'GRPC_HEALTHCHECK_STATUS');
  if (config.mode === 'HEALTH' && !decidesHealth && healthStatus !== 1 && call.error === null) {
    fault = { kind: 'ASSERTION_FAILED', message: `${target}: the service${config.service ? ` "${config.service}"` : ''} is ${payload.response.healthStatusLabel || 'of unknown health'}, not SERVING` };
  }
  const verdict = settle({ startedAt, stoppedAt: deps.now(), responseTime, limits: check, fault, assertions });
  return { ...verdict, grpcCheckResult: payload };
}
