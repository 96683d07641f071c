import { randomInt } from 'node:crypto';
import { createSocket } from 'node:dgram';
import { readFile } from 'node:fs/promises';
import { connect, isIP } from 'node:net';
import * as dnsPacket from 'dns-packet';
import { dnsTimeLimitMs } from '../../../src-shared/check-types/dns';
import type { DnsCheckResult, DnsRecord } from '../../../src-shared/schemas/result-payloads';
import { readJsonPath } from '../json-path';
import type { AssertionOutcome, ExecutionError, ExecutionJob, ExecutionResult, ExecutorDeps } from '../types';
import { evaluateAssertion, settle } from '../verdict';

type DnsJob = Extract<ExecutionJob, { checkType: 'DNS' }>;
type DnsAssertion = DnsJob['check']['request']['assertions'][number];
type ErrorCode = NonNullable<DnsCheckResult['errorCode']>;

/** A DNS message over TCP is at most 65535 bytes after its length: nothing more is ever held. */
const TCP_MESSAGE_MAX = 2 + 65535;

/** The first `nameserver` of /etc/resolv.conf (what the system's resolver asks first). */
export async function systemNameServer(path = '/etc/resolv.conf'): Promise<string | null> {
  try {
    const text = await readFile(path, 'utf8');
    for (const line of text.split('\n')) {
      const match = /^\s*nameserver\s+(\S+)/.exec(line);
      // A scoped IPv6 address (fe80::1%eth0) keeps its zone for the socket.
      if (match?.[1] && isIP(match[1].split('%')[0] ?? '')) return match[1];
    }
  } catch {
    return null;
  }
  return null;
}

/** Record data as JSON carries it: TXT as text, MX and SOA as objects, unknown types (HTTPS) as hex. */
function dataOf(answer: dnsPacket.Answer): unknown {
  const data = (answer as { data?: unknown }).data;
  if (answer.type === 'TXT') {
    const parts = Array.isArray(data) ? data : [data];
    return parts.map((part) => (Buffer.isBuffer(part) ? part.toString('utf8') : String(part))).join('');
  }
  if (Buffer.isBuffer(data)) return data.toString('hex');
  return data ?? null;
}

function recordsOf(answers: dnsPacket.Answer[] | undefined): DnsRecord[] {
  return (answers ?? []).filter((a) => a.type !== 'OPT').map((a) => ({ name: a.name, type: a.type, class: (a as { class?: string }).class ?? 'IN', ttl: (a as { ttl?: number }).ttl ?? 0, data: dataOf(a) }));
}

function textOf(data: unknown): string {
  if (data === null || data === undefined) return '';
  if (typeof data === 'object') {
    const d = data as Record<string, unknown>;
    if ('exchange' in d) return `${String(d.preference)} ${String(d.exchange)}`;
    if ('mname' in d) return `${String(d.mname)} ${String(d.rname)} ${String(d.serial)} ${String(d.refresh)} ${String(d.retry)} ${String(d.expire)} ${String(d.minimum)}`;
    return JSON.stringify(d);
  }
  return String(data);
}

/** "app.test. 300 IN A 10.1.2.3", one line per record, as dig prints an answer section. */
function textAnswerOf(records: DnsRecord[]): string {
  return records.map((r) => `${r.name}. ${r.ttl} ${r.class} ${r.type} ${r.type === 'TXT' ? JSON.stringify(r.data) : textOf(r.data)}`).join('\n');
}

interface Exchange {
  response: (dnsPacket.DecodedPacket & { rcode?: string }) | null;
  errorCode: ErrorCode | null;
  error: string | null;
  elapsedMs: number;
  aborted: boolean;
}

/** Whether a decoded message answers our query: a response with its id and question. */
function answersQuery(message: dnsPacket.DecodedPacket, id: number, name: string, type: string): boolean {
  const question = message.questions?.[0];
  return message.type === 'response' && message.id === id && (!question || (question.name.toLowerCase() === name.toLowerCase().replace(/\.$/, '') && question.type === type));
}

/**
 * Asks once and waits for the answer until the limit. Over UDP, datagrams that are not a response to
 * the query (garbage, another id) are ignored, as a resolver ignores them, and named at the limit.
 */
function ask(server: string, port: number, protocol: 'UDP' | 'TCP', query: Buffer, id: number, name: string, type: string, limitMs: number, signal: AbortSignal | undefined): Promise<Exchange> {
  const started = performance.now();
  return new Promise<Exchange>((resolve) => {
    let done = false;
    let strays = 0;
    let cleanup = () => {};
    const finish = (exchange: Omit<Exchange, 'elapsedMs' | 'aborted'>, aborted = false) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      cleanup();
      resolve({ ...exchange, elapsedMs: Math.round(performance.now() - started), aborted });
    };
    const onAbort = () => finish({ response: null, errorCode: 'TIMEOUT', error: 'the run was stopped' }, true);
    const timer = setTimeout(() => {
      if (strays > 0) finish({ response: null, errorCode: 'GARBAGE', error: `${server}:${port} sent ${strays} message${strays === 1 ? '' : 's'} that ${strays === 1 ? 'is' : 'are'} not a DNS response to the query, and no answer within ${limitMs} ms` });
      else finish({ response: null, errorCode: 'TIMEOUT', error: `${server}:${port} did not answer within ${limitMs} ms (${protocol})` });
    }, limitMs);
    if (signal?.aborted) return onAbort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const host = server.split('%')[0] ?? server;

    if (protocol === 'UDP') {
      const socket = createSocket(isIP(host) === 6 ? 'udp6' : 'udp4');
      cleanup = () => socket.close();
      socket.on('error', (error: NodeJS.ErrnoException) => finish({ response: null, errorCode: 'NETWORK', error: `${server}:${port}: ${error.code ?? error.message}` }));
      socket.on('message', (message) => {
        try {
          const decoded = dnsPacket.decode(message);
          if (answersQuery(decoded, id, name, type)) return finish({ response: decoded, errorCode: null, error: null });
        } catch {
          // Not a DNS message: counted, and named if nothing better comes.
        }
        strays++;
      });
      socket.send(query, port, server, (error) => {
        if (error) finish({ response: null, errorCode: 'NETWORK', error: `${server}:${port}: ${(error as NodeJS.ErrnoException).code ?? error.message}` });
      });
      return;
    }

    const socket = connect({ host: server, port });
    cleanup = () => socket.destroy();
    let buffered = Buffer.alloc(0);
    socket.on('connect', () => socket.write(dnsPacket.streamEncode({ type: 'query', id, flags: dnsPacket.RECURSION_DESIRED, questions: [{ type: type as dnsPacket.RecordType, name }] })));
    socket.on('data', (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]).subarray(0, TCP_MESSAGE_MAX);
      if (buffered.length < 2) return;
      const length = buffered.readUInt16BE(0);
      if (buffered.length < 2 + length) return;
      try {
        const decoded = dnsPacket.decode(buffered.subarray(2, 2 + length));
        if (answersQuery(decoded, id, name, type)) return finish({ response: decoded, errorCode: null, error: null });
      } catch {
        // falls through: a stream that is not DNS cannot recover.
      }
      finish({ response: null, errorCode: 'GARBAGE', error: `${server}:${port} answered with something that is not a DNS response to the query (TCP)` });
    });
    socket.on('end', () => finish({ response: null, errorCode: 'NETWORK', error: `${server}:${port} closed the connection without a complete answer (TCP)` }));
    socket.on('error', (error: NodeJS.ErrnoException) => finish({ response: null, errorCode: 'NETWORK', error: `${server}:${port}: ${error.code === 'ECONNREFUSED' ? 'connection refused' : (error.code ?? error.message)} (TCP)` }));
  });
}

/** HAS_KEY and HAS_VALUE read a JSON_ANSWER object (its member names) or array (its items); the others compare as every type does. */
function judge(assertion: DnsAssertion, value: unknown): AssertionOutcome {
  const { comparison } = assertion;
  if (comparison === 'HAS_KEY' || comparison === 'NOT_HAS_KEY' || comparison === 'HAS_VALUE' || comparison === 'NOT_HAS_VALUE') {
    const base = evaluateAssertion({ ...assertion, comparison: 'NOT_NULL' }, value);
    const holds =
      comparison === 'HAS_KEY' || comparison === 'NOT_HAS_KEY'
        ? value !== null && typeof value === 'object' && Object.hasOwn(value, assertion.target)
        : value !== null && typeof value === 'object' && Object.values(value).some((item) => String(item) === assertion.target);
    const passed = comparison.startsWith('NOT_') ? !holds : holds;
    return { ...base, comparison, passed };
  }
  return evaluateAssertion({ ...assertion, comparison }, value);
}

function evaluate(assertion: DnsAssertion, payload: DnsCheckResult, jsonView: unknown, responseTime: number): AssertionOutcome {
  switch (assertion.source) {
    case 'RESPONSE_TIME':
      return judge(assertion, responseTime);
    case 'RESPONSE_CODE':
      return judge({ ...assertion, target: assertion.target.toUpperCase() }, payload.rcode);
    case 'TEXT_ANSWER':
      return judge(assertion, payload.textAnswer);
    case 'JSON_ANSWER':
      return judge(assertion, assertion.property ? readJsonPath(jsonView, assertion.property) : jsonView);
  }
}

/**
 * A DNS monitor's run: one query (recursion desired) for request.query of recordType, asked of
 * nameServer:port or the system's first resolver, over UDP or TCP; then the verdict. Without a
 * RESPONSE_CODE assertion an answer other than NOERROR fails. A server that answers nothing or
 * garbage ends at the time limit. No resolver configured here is Sightline's own error.
 */
export async function runDns(job: DnsJob, deps: ExecutorDeps): Promise<ExecutionResult> {
  const startedAt = deps.now();
  const { check } = job;
  const request = check.request;
  const limitMs = dnsTimeLimitMs(check);
  const server = request.nameServer ?? (await systemNameServer());
  const port = request.nameServer ? (request.port ?? 53) : 53;
  const base: DnsCheckResult = {
    request: { query: request.query, recordType: request.recordType, protocol: request.protocol },
    serverAsked: server === null ? null : isIP(server.split('%')[0] ?? '') === 6 ? `[${server}]:${port}` : `${server}:${port}`,
    rcode: null,
    flags: null,
    answers: [],
    authorities: [],
    textAnswer: '',
    errorCode: null,
    error: null,
  };
  if (server === null) {
    const message = 'no name server to ask: the monitor names none and /etc/resolv.conf lists none';
    const verdict = settle({ startedAt, stoppedAt: deps.now(), responseTime: 0, limits: check, fault: { kind: 'TOOL_MISSING', message }, assertions: [], hasErrors: true });
    return { ...verdict, dnsCheckResult: { ...base, errorCode: 'NO_RESOLVER', error: message } };
  }
  const id = randomInt(0, 65536);
  const name = request.query.replace(/\.$/, '');
  const query = dnsPacket.encode({ type: 'query', id, flags: dnsPacket.RECURSION_DESIRED, questions: [{ type: request.recordType as dnsPacket.RecordType, name }] });
  const exchange = await ask(server, port, request.protocol, query, id, name, request.recordType, limitMs, job.signal);
  const responseTime = exchange.elapsedMs;
  if (exchange.aborted) return { ...settle({ startedAt, stoppedAt: deps.now(), responseTime, limits: check, fault: null, assertions: [], aborted: true }), dnsCheckResult: base };
  if (!exchange.response) {
    const fault: ExecutionError = { kind: exchange.errorCode === 'TIMEOUT' || exchange.errorCode === 'GARBAGE' ? 'TIMEOUT' : 'NETWORK_ERROR', message: `${request.recordType} ${request.query}: ${exchange.error}` };
    const verdict = settle({ startedAt, stoppedAt: deps.now(), responseTime, limits: check, fault, assertions: [], timedOut: fault.kind === 'TIMEOUT' });
    return { ...verdict, dnsCheckResult: { ...base, errorCode: exchange.errorCode, error: exchange.error } };
  }
  const response = exchange.response;
  const answers = recordsOf(response.answers);
  const authorities = recordsOf(response.authorities);
  const payload: DnsCheckResult = {
    ...base,
    rcode: response.rcode ?? null,
    flags: { authoritative: response.flag_aa, truncated: response.flag_tc, recursionAvailable: response.flag_ra },
    answers,
    authorities,
    textAnswer: textAnswerOf(answers),
  };
  const jsonView = { rcode: payload.rcode, flags: payload.flags, answer: answers, authority: authorities };
  const assertions = request.assertions.map((assertion) => evaluate(assertion, payload, jsonView, responseTime));
  const codeAsserted = request.assertions.some((a) => a.source === 'RESPONSE_CODE');
  const fault: ExecutionError | null = !codeAsserted && payload.rcode !== 'NOERROR' ? { kind: 'ASSERTION_FAILED', message: `${request.recordType} ${request.query}: ${payload.serverAsked} answered ${payload.rcode ?? 'no response code'}` } : null;
  const verdict = settle({ startedAt, stoppedAt: deps.now(), responseTime, limits: check, fault, assertions });
  return { ...verdict, dnsCheckResult: payload };
}
