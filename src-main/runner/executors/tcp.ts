import { lookup } from 'node:dns/promises';
import { connect, type Socket } from 'node:net';
import type { TcpCheckResult } from '../../../src-shared/schemas/result-payloads';
import { TCP_RESPONSE_LIMIT_BYTES } from '../../../src-shared/schemas/tcp-monitor';
import { tcpTimeLimitMs } from '../../../src-shared/check-types/tcp';
import type { AssertionOutcome, ExecutionError, ExecutionJob, ExecutionResult, ExecutorDeps } from '../types';
import { evaluateAssertion, settle } from '../verdict';

type TcpJob = Extract<ExecutionJob, { checkType: 'TCP' }>;
type TcpAssertion = TcpJob['check']['request']['assertions'][number];
type ErrorCode = NonNullable<TcpCheckResult['errorCode']>;

/** How long a run without RESPONSE_DATA assertions listens for a reply (a banner, an echo) to keep, after connecting. */
const TCP_REPLY_GRACE_MS = 1000;

/** Out of sockets or file descriptors here: Sightline's own failure, never the target's. */
const OWN_ERRORS = new Set(['EMFILE', 'ENFILE', 'ENOBUFS', 'ENOMEM']);

function errorCodeOf(code: string | undefined): ErrorCode {
  switch (code) {
    case 'ECONNREFUSED':
      return 'REFUSED';
    case 'ECONNRESET':
    case 'EPIPE':
      return 'RESET';
    case 'ETIMEDOUT':
      return 'TIMEOUT';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_FAIL':
    case 'EAI_NODATA':
    case 'ENODATA':
      return 'DNS';
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
    case 'EADDRNOTAVAIL':
      return 'UNREACHABLE';
    default:
      return 'ERROR';
  }
}

const WORDS: Record<ErrorCode, string> = {
  REFUSED: 'connection refused',
  RESET: 'connection reset by the peer',
  TIMEOUT: 'timed out',
  DNS: 'the name did not resolve',
  UNREACHABLE: 'host or network unreachable',
  ERROR: 'connection failed',
};

/**
 * Whether the RESPONSE_DATA assertions can be judged before the peer closes: only when each already
 * passes and no later byte can change that (CONTAINS and NOT_EMPTY without a regex).
 */
function decidedEarly(assertions: TcpAssertion[], data: string): boolean {
  const dataAssertions = assertions.filter((a) => a.source === 'RESPONSE_DATA');
  return dataAssertions.every((a) => !a.regex && (a.comparison === 'CONTAINS' || a.comparison === 'NOT_EMPTY') && evaluateAssertion(a, data).passed);
}

interface Conversation {
  resolvedAddress: string | null;
  connectTimeMs: number | null;
  /** From the connect's start to the end of the conversation (the lookup not included). */
  elapsedMs: number;
  chunks: Buffer[];
  bytesReceived: number;
  ended: TcpCheckResult['ended'];
  errorCode: ErrorCode | null;
  error: string | null;
  own: boolean;
  aborted: boolean;
}

/**
 * Connects, writes `data`, then reads until the peer closes, 4 KiB arrived, the assertions are
 * decided, or the time limit. At most 4 KiB is ever held: a peer that sends endlessly is cut off.
 */
async function converse(job: TcpJob, limitMs: number): Promise<Conversation> {
  const { request } = job.check;
  const family = request.ipFamily === 'IPv6' ? 6 : 4;
  const started = performance.now();
  const deadline = started + limitMs;
  const c: Conversation = { resolvedAddress: null, connectTimeMs: null, elapsedMs: 0, chunks: [], bytesReceived: 0, ended: 'ERROR', errorCode: null, error: null, own: false, aborted: false };
  const fail = (code: ErrorCode, message: string, own = false) => {
    c.ended = 'ERROR';
    c.errorCode = code;
    c.error = message;
    c.own = own;
  };

  let address: string;
  try {
    const lookupTimer = new Promise<never>((_, reject) => setTimeout(() => reject(Object.assign(new Error('lookup timed out'), { code: 'ETIMEDOUT' })), limitMs).unref());
    address = (await Promise.race([lookup(request.hostname, { family }), lookupTimer])).address;
    c.resolvedAddress = address;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    fail(code === 'ETIMEDOUT' ? 'TIMEOUT' : 'DNS', `${request.hostname} did not resolve to an IPv${family} address (${code ?? (error as Error).message})`);
    c.elapsedMs = Math.round(performance.now() - started);
    return c;
  }

  const hasDataAssertions = request.assertions.some((a) => a.source === 'RESPONSE_DATA');
  const connectStart = performance.now();
  return await new Promise<Conversation>((resolve) => {
    let socket: Socket | null = null;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      job.signal?.removeEventListener('abort', onAbort);
      c.elapsedMs = Math.round(performance.now() - connectStart);
      socket?.destroy();
      resolve(c);
    };
    const onAbort = () => {
      c.aborted = true;
      fail('ERROR', 'the run was stopped');
      finish();
    };
    const timer = setTimeout(() => {
      if (c.connectTimeMs === null) fail('TIMEOUT', `did not connect within ${limitMs} ms`);
      else {
        c.ended = 'TIME_LIMIT';
        c.errorCode = 'TIMEOUT';
        c.error = `the peer neither closed the connection nor sent ${TCP_RESPONSE_LIMIT_BYTES} bytes within ${limitMs} ms (received ${c.bytesReceived} bytes)`;
      }
      finish();
    }, Math.max(0, deadline - performance.now()));
    if (job.signal?.aborted) return onAbort();
    job.signal?.addEventListener('abort', onAbort, { once: true });

    socket = connect({ host: address, port: request.port, family });
    socket.on('connect', () => {
      c.connectTimeMs = Math.round(performance.now() - connectStart);
      const wrote = request.data ? new Promise<void>((ok) => socket!.write(request.data!, () => ok())) : Promise.resolve();
      // Without RESPONSE_DATA assertions the port answering is the whole check: what the peer says within
      // a short grace after the data is out is kept to be shown, and its silence is no failure.
      if (!hasDataAssertions) {
        void wrote.then(() =>
          setTimeout(() => {
            c.ended = 'ENOUGH_DATA';
            finish();
          }, Math.min(TCP_REPLY_GRACE_MS, Math.max(0, deadline - performance.now()))).unref(),
        );
      }
    });
    socket.on('data', (chunk: Buffer) => {
      const room = TCP_RESPONSE_LIMIT_BYTES - c.chunks.reduce((n, b) => n + b.length, 0);
      if (room > 0) c.chunks.push(chunk.subarray(0, room));
      c.bytesReceived += chunk.length;
      if (c.bytesReceived >= TCP_RESPONSE_LIMIT_BYTES) {
        c.ended = 'ENOUGH_DATA';
        finish();
      } else if (hasDataAssertions && decidedEarly(request.assertions, Buffer.concat(c.chunks).toString('utf8'))) {
        c.ended = 'ENOUGH_DATA';
        finish();
      }
    });
    socket.on('end', () => {
      c.ended = 'PEER_CLOSED';
      finish();
    });
    socket.on('close', () => {
      if (!done && c.errorCode === null) c.ended = 'PEER_CLOSED';
      finish();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      const code = errorCodeOf(error.code);
      const own = OWN_ERRORS.has(error.code ?? '');
      const when = c.connectTimeMs === null ? '' : ' after connecting';
      fail(code, `${WORDS[code]}${when} (${error.code ?? error.message})`, own);
      finish();
    });
  });
}

function evaluate(assertion: TcpAssertion, data: string, responseTime: number): AssertionOutcome {
  return evaluateAssertion(assertion, assertion.source === 'RESPONSE_TIME' ? responseTime : data);
}

/**
 * A TCP monitor's run: connect to hostname:port, send `data`, read what comes back (at most 4 KiB
 * kept), judge RESPONSE_DATA and RESPONSE_TIME. responseTime is the time from the connect's start to
 * the end of the conversation (the connect time alone when nothing is asserted on the reply and the
 * peer did not close within the grace).
 * Refused, reset, unresolvable and timed-out connections fail the target; running out of sockets
 * here is Sightline's own error.
 */
export async function runTcp(job: TcpJob, deps: ExecutorDeps): Promise<ExecutionResult> {
  const startedAt = deps.now();
  const { check } = job;
  const request = check.request;
  const limitMs = tcpTimeLimitMs(check);
  const c = await converse(job, limitMs);
  const received = Buffer.concat(c.chunks);
  const responseData = received.toString('utf8');
  const payload: TcpCheckResult = {
    request: { hostname: request.hostname, port: request.port, ipFamily: request.ipFamily, dataSent: request.data },
    resolvedAddress: c.resolvedAddress,
    connectTimeMs: c.connectTimeMs,
    responseData,
    bytesReceived: c.bytesReceived,
    truncated: c.bytesReceived > received.length,
    ended: c.ended,
    errorCode: c.errorCode,
    error: c.error,
  };
  // Without RESPONSE_DATA assertions the time is the connect's; the grace spent listening is not the peer's slowness.
  const hasDataAssertions = request.assertions.some((a) => a.source === 'RESPONSE_DATA');
  const responseTime = c.connectTimeMs === null ? 0 : hasDataAssertions || c.ended === 'PEER_CLOSED' ? c.elapsedMs : c.connectTimeMs;
  const target = `${request.hostname}:${request.port}`;
  if (c.aborted) return { ...settle({ startedAt, stoppedAt: deps.now(), responseTime, limits: check, fault: null, assertions: [], aborted: true }), tcpCheckResult: payload };
  if (c.error !== null) {
    const fault: ExecutionError = { kind: c.errorCode === 'TIMEOUT' ? 'TIMEOUT' : 'NETWORK_ERROR', message: `${target}: ${c.error}` };
    const verdict = settle({ startedAt, stoppedAt: deps.now(), responseTime, limits: check, fault, assertions: [], hasErrors: c.own, timedOut: c.errorCode === 'TIMEOUT' });
    return { ...verdict, tcpCheckResult: payload };
  }
  const assertions = request.assertions.map((assertion) => evaluate(assertion, responseData, responseTime));
  const verdict = settle({ startedAt, stoppedAt: deps.now(), responseTime, limits: check, fault: null, assertions });
  return { ...verdict, tcpCheckResult: payload };
}
