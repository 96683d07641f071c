import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { destinationReached, hopLatency, parseMtrJson } from '../parsers/mtr';
import { runTool } from '../process';
import { boundedOutput } from '../raw-output';
import { parseTracerouteTarget } from '../target';
import { toolMissing } from '../tool-missing';
import type { AssertionOutcome, CheckAssertion, ExecutionError, ExecutionJob, ExecutionResult, ExecutorDeps, TracerouteCheckResult, TracerouteProtocol } from '../types';
import { evaluateAssertion, settle } from '../verdict';

const LATENCY_PROPERTIES = new Set(['min', 'avg', 'max', 'stdDev']);
const PROTOCOL_FLAGS: Record<TracerouteProtocol, string[]> = { TCP: ['--tcp'], UDP: ['--udp'], SCTP: ['--sctp'], ICMP: [] };

export interface MtrOptions {
  address: string;
  family: 4 | 6;
  protocol: TracerouteProtocol;
  port: number | null;
  cycles: number;
  intervalSeconds: number;
  timeoutSeconds: number;
  maxHops: number;
  maxUnknownHops: number | null;
  ptrLookup: boolean;
}

/** The probe is waited for `timeout` seconds: -G after the last cycle, -Z for TCP/SCTP sockets. */
export function mtrArgs(o: MtrOptions): string[] {
  return [
    '--json',
    '-c', String(o.cycles),
    '-i', String(o.intervalSeconds),
    '-G', String(o.timeoutSeconds),
    '-Z', String(o.timeoutSeconds),
    '-m', String(o.maxHops),
    ...(o.maxUnknownHops !== null ? ['-U', String(o.maxUnknownHops)] : []),
    ...PROTOCOL_FLAGS[o.protocol],
    ...(o.port !== null && o.protocol !== 'ICMP' ? ['-P', String(o.port)] : []),
    o.family === 6 ? '-6' : '-4',
    o.ptrLookup ? '-b' : '-n',
    o.address,
  ];
}

async function defaultResolve(hostname: string, family: 4 | 6): Promise<string> {
  return (await lookup(hostname, { family })).address;
}

function evaluate(assertions: CheckAssertion[], payload: TracerouteCheckResult): AssertionOutcome[] {
  const finalHop = payload.hops[payload.hops.length - 1];
  return assertions.map((assertion) => {
    switch (assertion.source) {
      case 'RESPONSE_TIME': {
        const property = assertion.property ? assertion.property : 'avg';
        if (!LATENCY_PROPERTIES.has(property)) {
          return { ...evaluateAssertion(assertion, null), passed: false, error: `RESPONSE_TIME property must be avg, min, max or stdDev, not "${property}"` };
        }
        return evaluateAssertion(assertion, payload.finalHopLatency ? payload.finalHopLatency[property as 'avg'] : null);
      }
      case 'HOP_COUNT':
        return evaluateAssertion(assertion, payload.totalHops);
      case 'PACKET_LOSS':
        return evaluateAssertion(assertion, finalHop ? finalHop.loss_percentage : null);
      default:
        return { ...evaluateAssertion(assertion, null), passed: false, error: `traceroute assertions have source RESPONSE_TIME, HOP_COUNT or PACKET_LOSS, not ${assertion.source}` };
    }
  });
}

/** Traces the route with mtr; responseTime is the final reached hop's average round trip (0 when no hop answered). */
export async function runTraceroute(job: Extract<ExecutionJob, { checkType: 'TRACEROUTE' }>, deps: ExecutorDeps): Promise<ExecutionResult> {
  const startedAt = deps.now();
  const { check } = job;
  const request = check.request;
  const protocol = request.protocol;
  const family = request.ipFamily === 'IPv6' ? 6 : 4;
  const limits = { ...check };
  const finish = (fault: ExecutionError | null, extra: { hasErrors?: boolean; timedOut?: boolean; aborted?: boolean } = {}) =>
    settle({ startedAt, stoppedAt: deps.now(), responseTime: 0, limits, fault, assertions: [], ...extra });

  const target = parseTracerouteTarget(request.url, protocol, request.port);
  if ('error' in target) return finish({ kind: 'INVALID_TARGET', message: target.error }, { hasErrors: true });

  let address = target.hostname;
  if (isIP(address) === 0) {
    try {
      address = await (deps.resolveHost ?? defaultResolve)(target.hostname, family);
    } catch (error) {
      return finish({ kind: 'NETWORK_ERROR', message: `cannot resolve ${target.hostname}: ${(error as Error).message}` });
    }
  }

  const tool = deps.tools?.mtr ?? 'mtr';
  const args = mtrArgs({
    address,
    family,
    protocol,
    port: target.port,
    cycles: deps.tracerouteCycles ?? 3,
    // mtr only lets root probe faster than once a second.
    intervalSeconds: process.getuid?.() === 0 ? 0.2 : 1,
    timeoutSeconds: request.timeout,
    maxHops: request.maxHops,
    maxUnknownHops: request.maxUnknownHops ?? null,
    ptrLookup: request.ptrLookup,
  });
  const run = await runTool({ command: tool, args, timeoutMs: job.timeoutMs, signal: job.signal }, deps);
  if (run.missing) return finish(toolMissing('mtr', tool), { hasErrors: true });
  if (run.aborted) return finish(null, { aborted: true });
  if (run.timedOut) return finish({ kind: 'TIMEOUT', message: `traceroute did not finish within ${job.timeoutMs} ms` }, { timedOut: true });

  const parsed = parseMtrJson(run.stdout);
  if (parsed.kind === 'unparsed') {
    const said = run.stderr.trim().slice(0, 500) || parsed.reason;
    return finish({ kind: 'NETWORK_ERROR', message: `mtr exited with code ${run.exitCode}: ${said}` }, { hasErrors: true });
  }

  const reached = destinationReached(parsed.hops, address);
  const answered = [...parsed.hops].reverse().find((hop) => hop.received > 0);
  const payload: TracerouteCheckResult = {
    hostname: target.hostname,
    resolvedIp: address,
    protocol,
    port: protocol === 'ICMP' ? null : target.port,
    hops: parsed.hops,
    totalHops: parsed.hops.length,
    destinationReached: reached,
    finalHopLatency: hopLatency(answered),
    rawOutput: boundedOutput(`$ ${tool} ${args.join(' ')}`, run.stdout, run.stderr),
  };
  const fault: ExecutionError | null = reached
    ? null
    : { kind: 'NETWORK_ERROR', message: `${target.hostname} (${address}) was not reached: ${answered ? `the last answer came from hop ${answered.hop_number} (${answered.main_ip ?? answered.main_host})` : 'no hop answered'}` };
  const verdict = settle({
    startedAt,
    stoppedAt: deps.now(),
    responseTime: payload.finalHopLatency?.avg ?? 0,
    limits,
    fault,
    assertions: evaluate(request.assertions ?? [], payload),
  });
  return { ...verdict, tracerouteCheckResult: payload };
}
