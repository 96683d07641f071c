import { parsePing, type PingParse } from '../parsers/ping';
import { runTool } from '../process';
import { boundedOutput } from '../raw-output';
import { toolMissing } from '../tool-missing';
import type { AssertionOutcome, CheckAssertion, ExecutionError, ExecutionJob, ExecutorDeps, ExecutionResult, IcmpCheckInput, IcmpCheckResult, IpFamily } from '../types';
import { evaluateAssertion, evaluateJsonAssertion, settle } from '../verdict';
import { unsafeTargetReason } from '../target';

const INTERVAL_SECONDS = 0.2;
const LATENCY_PROPERTIES = new Set(['min', 'avg', 'max', 'stdDev']);

interface PingPlan {
  command: string;
  args: string[];
}

/** Arguments per platform: iputils on Linux, BSD ping on macOS, ping.exe on Windows. */
export function pingPlan(platform: NodeJS.Platform, tool: string | undefined, hostname: string, family: IpFamily, count: number, waitSeconds: number): PingPlan {
  if (platform === 'win32') {
    return { command: tool ?? 'ping', args: ['-n', String(count), '-w', String(waitSeconds * 1000), family === 'IPv6' ? '-6' : '-4', hostname] };
  }
  if (platform === 'darwin') {
    if (family === 'IPv6') return { command: tool ?? 'ping6', args: ['-n', '-c', String(count), '-i', String(INTERVAL_SECONDS), hostname] };
    return { command: tool ?? 'ping', args: ['-n', '-c', String(count), '-i', String(INTERVAL_SECONDS), '-W', String(waitSeconds * 1000), hostname] };
  }
  // -W (wait per reply) rather than -w: with -w, iputils keeps sending past pingCount until the deadline.
  return {
    command: tool ?? 'ping',
    args: ['-n', '-c', String(count), '-i', String(INTERVAL_SECONDS), '-W', String(waitSeconds), family === 'IPv6' ? '-6' : '-4', hostname],
  };
}

/** Seconds to wait for each reply: up to maxResponseTime (a later reply fails the check anyway), within the job's time limit. */
export function replyWaitSeconds(check: IcmpCheckInput, count: number, timeoutMs: number): number {
  const byLimit = Math.ceil((check.maxResponseTime ?? 10_000) / 1000);
  const byJob = Math.floor(timeoutMs / 1000 - count * INTERVAL_SECONDS - 0.5);
  return Math.max(1, Math.min(10, byLimit, byJob));
}

function evaluate(assertions: CheckAssertion[], payload: IcmpCheckResult, hasReplies: boolean): AssertionOutcome[] {
  return assertions.map((assertion) => {
    if (assertion.source === 'LATENCY') {
      const property = assertion.property ? assertion.property : 'avg';
      if (!LATENCY_PROPERTIES.has(property)) {
        return { ...evaluateAssertion(assertion, null), passed: false, error: `LATENCY property must be avg, min, max or stdDev, not "${property}"` };
      }
      return evaluateAssertion(assertion, hasReplies ? payload.latency[property as keyof IcmpCheckResult['latency']] : null);
    }
    if (assertion.source === 'JSON_RESPONSE') return evaluateJsonAssertion(assertion, payload);
    return { ...evaluateAssertion(assertion, null), passed: false, error: `ICMP assertions have source LATENCY or JSON_RESPONSE, not ${assertion.source}` };
  });
}

export type PingStats = Extract<PingParse, { kind: 'stats' }>;

export interface PingRun {
  startedAt: Date;
  stoppedAt: Date;
  timedOut: boolean;
  /** The time limit the probe ran under, for the TIMEOUT message. */
  limitMs: number;
}

/** The payload and verdict for one host's statistics; shared by runIcmp and the fping batch. */
export function icmpOutcome(check: IcmpCheckInput, stats: PingStats, run: PingRun, rawOutput?: string): ExecutionResult {
  const latency = stats.latency ?? { min: 0, avg: 0, max: 0, stdDev: 0 };
  const hostname = check.request.hostname;
  const payload: IcmpCheckResult = {
    hostname,
    ...(stats.resolvedAddress ? { resolvedAddress: stats.resolvedAddress } : {}),
    packetsSent: stats.packetsSent,
    packetsReceived: stats.packetsReceived,
    packetLoss: stats.packetLoss,
    latency,
    pings: stats.pings,
    ...(rawOutput ? { rawOutput } : {}),
  };
  const hasReplies = stats.packetsReceived > 0;
  let fault: ExecutionError | null = null;
  if (run.timedOut) fault = { kind: 'TIMEOUT', message: `ping did not finish within ${run.limitMs} ms` };
  else if (!hasReplies) fault = { kind: 'NETWORK_ERROR', message: `no reply from ${hostname}: 100% packet loss (${stats.packetsSent} sent)` };
  const verdict = settle({
    startedAt: run.startedAt,
    stoppedAt: run.stoppedAt,
    responseTime: latency.avg,
    packetLoss: stats.packetLoss,
    limits: { ...check },
    fault,
    timedOut: run.timedOut,
    assertions: evaluate(check.request.assertions ?? [], payload, hasReplies),
  });
  return { ...verdict, icmpCheckResult: payload };
}

/** Pings the host; responseTime is the average round trip of the replies (0 when none came back). */
export async function runIcmp(job: Extract<ExecutionJob, { checkType: 'ICMP' }>, deps: ExecutorDeps): Promise<ExecutionResult> {
  const startedAt = deps.now();
  const { check } = job;
  const hostname = check.request.hostname;
  const count = check.request.pingCount;
  const limits = { ...check };
  const finish = (fault: ExecutionError | null, extra: { hasErrors?: boolean; timedOut?: boolean; aborted?: boolean } = {}) =>
    settle({ startedAt, stoppedAt: deps.now(), responseTime: 0, limits, fault, assertions: [], ...extra });

  const unsafe = unsafeTargetReason(hostname);
  if (unsafe) return finish({ kind: 'INVALID_TARGET', message: `hostname ${unsafe}` }, { hasErrors: true });

  const plan = pingPlan(deps.platform ?? process.platform, deps.tools?.ping, hostname, check.request.ipFamily, count, replyWaitSeconds(check, count, job.timeoutMs));
  // SIGINT first on overrun: ping then still prints the statistics of what it sent.
  const run = await runTool({ ...plan, timeoutMs: job.timeoutMs, signal: job.signal, softKillSignal: 'SIGINT' }, deps);
  if (run.missing) return finish(toolMissing('ping', plan.command), { hasErrors: true });
  if (run.aborted) return finish(null, { aborted: true });

  const parsed = parsePing(`${run.stdout}\n${run.stderr}`);
  if (parsed.kind === 'unknown-host') return finish({ kind: 'NETWORK_ERROR', message: `cannot resolve ${hostname}: ${parsed.message}` });
  if (parsed.kind === 'unparsed') {
    if (run.timedOut) return finish({ kind: 'TIMEOUT', message: `ping did not finish within ${job.timeoutMs} ms` }, { timedOut: true });
    const said = (run.stderr || run.stdout).trim().slice(0, 500);
    return finish({ kind: 'NETWORK_ERROR', message: `ping exited with code ${run.exitCode}: ${said || 'no output'}` }, { hasErrors: true });
  }

  const rawOutput = boundedOutput(`$ ${plan.command} ${plan.args.join(' ')}`, run.stdout, run.stderr);
  return icmpOutcome(check, parsed, { startedAt, stoppedAt: deps.now(), timedOut: run.timedOut, limitMs: job.timeoutMs }, rawOutput);
}
