import { hostname } from 'node:os';
import type { Logger } from '../core/logger';
import { runJob } from '../runner/run-job';
import { startWarmRuntime } from '../runner/warm/start';
import { AgentClient, AgentHttpError } from './agent-client';
import { EmbeddedAgent, type LaneCapacities } from './embedded-agent';
import { icmpBatching } from '../runner/executors/icmp-batch';
import type { ExecutorDeps } from '../runner/types';
import { shutDownGracefully } from './graceful-shutdown';
import { startHealthServer, type HealthServer } from './health-server';
import { ClockWatch } from '../core/clock-watch';
import { systemClock } from '../core/clock';
import type { ConnectivityMonitor } from './connectivity/monitor';
import { connectivityReport } from './connectivity/report';
import { startConnectivity } from './connectivity/setup';
import type { JobOutcome } from '../runner/jobs';
import { agentHealthOf, LANES, type MultiStepIsolationView } from '../../src-shared/rules/lanes';
import { installedNodeModules } from '../runner/multistep-workspace';
import { isolationView, notIsolatedWarning, probeSandbox } from '../runner/sandbox';
import { DEFAULT_MULTISTEP_MEMORY_MB } from '../../src-shared/rules/multistep-memory';

export const AGENT_VERSION = '1.0.0';

export interface RemoteAgentOptions {
  serverUrl: string;
  key: string;
  /** Capacity per lane, as on the server (missing lanes get the defaults). */
  lanes: LaneCapacities;
  healthPort: number;
  healthHost: string;
  drainTimeoutMs: number;
  logger: Logger;
  /** Lifecycle lines for the operator (stdout). */
  say: (line: string) => void;
  /** Overrides the server's heartbeat interval (tests). */
  heartbeatIntervalMs?: number;
  /** Memory limit of each process of a multi-step run, in MB (default 512). */
  multiStepMemoryMb?: number;
  /** Canaries of the agent's own connectivity (default `auto`: the machine's default gateways and DNS servers). */
  canaries?: 'auto' | 'off' | string[];
  /** How often the canaries are probed (default 5 s). */
  canaryIntervalMs?: number;
  /** Rounds in a row without a used canary before the agent counts itself offline (default 2). */
  canaryFailedRounds?: number;
  /** The clock watch's thresholds (defaults 5 s and 2 s). */
  clockWatch?: { suspendThresholdMs?: number; stepThresholdMs?: number };
  /** The folder this process makes its temporary folders in (default: the system's). */
  tempRoot?: string;
}

export interface RemoteAgent {
  health: HealthServer;
  /** Readiness 503, no new leases, running jobs finish (bounded), outcomes posted. */
  stop(): Promise<void>;
}

const LEASE_WAIT_SECONDS = 20;
const OUTCOME_RETRY_MS = 60_000;

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

/**
 * `sightline agent`: registers with the server for the private location of its key, long-polls
 * for that location's jobs, runs them with the same executors as the embedded agent, posts the
 * outcomes and renews its leases by heartbeat. A job it cannot finish goes back to the server.
 */
export async function startRemoteAgent(options: RemoteAgentOptions): Promise<RemoteAgent> {
  const { logger, say } = options;
  const client = new AgentClient(options.serverUrl, options.key);
  let lanesOf: EmbeddedAgent | null = null;
  let isolation: MultiStepIsolationView | null = null;
  let connectivity: ConnectivityMonitor | null = null;
  // Suspensions of this process or machine, and wall-clock steps, as the server watches its own.
  const watch = new ClockWatch({ clock: systemClock, timers: { setTimeout: (callback, ms) => setTimeout(callback, ms).unref(), clearTimeout: (handle) => clearTimeout(handle) }, logger, name: 'this agent', ...options.clockWatch });
  watch.start();
  const health = await startHealthServer({
    port: options.healthPort,
    host: options.healthHost,
    logger,
    startNotReady: true,
    health: () => {
      const lanes = lanesOf?.laneStats() ?? [];
      const skippedByLane = Object.fromEntries(lanes.filter((l) => l.skippedLastHour > 0).map((l) => [l.lane, l.skippedLastHour]));
      return agentHealthOf({ skippedByLane, lanes, icmpMode: lanesOf?.icmpMode ?? null, multiStepIsolation: isolation, connectivity: connectivity?.view() ?? null, clockEvents: watch.recent() });
    },
  });
  if (health.url) say(`Agent health probes on ${health.url}`);

  const stopping = new AbortController();
  let agentId = '';
  let heartbeatMs = options.heartbeatIntervalMs ?? 10_000;
  const runningSessions = new Map<string, string>();
  const pendingPosts = new Set<Promise<void>>();
  let slotFreed: (() => void) | null = null;

  const register = async (): Promise<void> => {
    for (let delay = 500; ; delay = Math.min(delay * 2, 10_000)) {
      try {
        const registered = await client.register({ hostname: hostname(), version: AGENT_VERSION, concurrency: Math.max(1, agent.laneStats().reduce((n, lane) => n + lane.capacity, 0)) });
        agentId = registered.agentId;
        heartbeatMs = options.heartbeatIntervalMs ?? registered.heartbeatIntervalMs;
        say(`Sightline agent ${agentId} registered for private location ${registered.privateLocation.slugName} at ${options.serverUrl}`);
        return;
      } catch (error) {
        if (error instanceof AgentHttpError && (error.status === 401 || error.status === 403)) throw error;
        if (stopping.signal.aborted) throw error;
        logger.warn({ err: error }, 'registering with the server failed; trying again');
        await pause(delay, stopping.signal);
      }
    }
  };

  const post = async (outcome: JobOutcome): Promise<void> => {
    const giveUpAt = Date.now() + OUTCOME_RETRY_MS;
    for (let delay = 250; ; delay = Math.min(delay * 2, 5000)) {
      try {
        await client.postOutcome(agentId, outcome);
        return;
      } catch (error) {
        const status = error instanceof AgentHttpError ? error.status : 0;
        // 429: the server refuses this address for a while (failed authentications from it); the outcome is still wanted.
        const retriable = status === 0 || status === 429 || status >= 500;
        if (!retriable || Date.now() > giveUpAt) {
          logger.warn({ err: error, jobId: outcome.job.jobId }, 'the server did not take a job outcome');
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
      }
    }
  };

  const memoryMb = options.multiStepMemoryMb ?? DEFAULT_MULTISTEP_MEMORY_MB;
  const executorDeps: ExecutorDeps = { now: () => new Date(), multiStepMemoryMb: memoryMb, tempRoot: options.tempRoot };
  const batching = await icmpBatching(executorDeps);
  if (!batching) say('fping was not found: ICMP checks run one `ping` per run. Install fping (apt-get install fping) to batch them.');
  const sandbox = await probeSandbox(executorDeps, { nodeModules: installedNodeModules() });
  executorDeps.multiStepSandbox = sandbox;
  isolation = isolationView(sandbox, memoryMb);
  if (sandbox.isolation === 'none') say(`Warning: ${notIsolatedWarning(sandbox)}`);
  const warm = startWarmRuntime(executorDeps, process.env, (line) => logger.warn({ runtime: line }, 'warm multi-step runtime'));
  if (warm) executorDeps.warmRuntime = warm;
  connectivity = startConnectivity({
    canaries: options.canaries ?? 'auto',
    clock: { now: () => new Date() },
    logger,
    executorDeps,
    intervalMs: options.canaryIntervalMs,
    roundsToOffline: options.canaryFailedRounds,
    onChange: (change, view) => {
      say(change === 'OFFLINE' ? `Agent offline since ${view.since ?? 'now'}: ${view.reason ?? 'no canary answers'}; runs are skipped as "agent offline"` : `Agent back online since ${view.since ?? 'now'}`);
      // The server hears of it at once (when it can be reached), not at the next heartbeat.
      if (agentId) void beat();
    },
  });
  if (connectivity) say(`Checking this agent's own connectivity: canaries ${connectivity.view().canaries.join(', ') || '(none: the platform\'s network state only)'}`);
  const agent = new EmbeddedAgent({
    clock: systemClock,
    logger,
    agentId: 'remote',
    watch,
    lanes: options.lanes,
    run: (job) => runJob(job, executorDeps),
    warmMultiStep: warm !== null,
    icmpBatch: batching,
    connectivity,
    onOutcome: (outcome) => {
      runningSessions.delete(outcome.job.jobId);
      say(`Finished job ${outcome.job.jobId}${outcome.result ? '' : ` (${outcome.reason ?? 'no result'})`}`);
      const posting = post(outcome).finally(() => pendingPosts.delete(posting));
      pendingPosts.add(posting);
      slotFreed?.();
    },
  });

  lanesOf = agent;
  await register();
  health.markReady();

  async function beat(): Promise<void> {
    try {
      const reply = await client.heartbeat(agentId, [...runningSessions.keys()], connectivity ? connectivityReport(connectivity) : undefined);
      for (const jobId of reply.cancelledJobIds) {
        const sessionId = runningSessions.get(jobId);
        if (sessionId) agent.cancelSession(sessionId);
      }
    } catch (error) {
      logger.warn({ err: error }, 'heartbeat failed');
    }
  }
  const heartbeat = setInterval(() => void beat(), heartbeatMs);

  const pull = async () => {
    for (let delay = 500; !stopping.signal.aborted; ) {
      const free = agent.freeSlots();
      if (LANES.reduce((n, lane) => n + free[lane], 0) <= 0) {
        await new Promise<void>((resolve) => {
          slotFreed = resolve;
        });
        slotFreed = null;
        continue;
      }
      try {
        const { jobs, unreadable } = await client.lease(agentId, free, LEASE_WAIT_SECONDS, stopping.signal);
        delay = 500;
        for (const { jobId, problem } of unreadable) {
          logger.error({ jobId, problem }, 'a leased job cannot be read by this agent (is it of another version?); reported as not run');
          if (jobId) void client.postNotRun(agentId, jobId).catch((err: unknown) => logger.warn({ err, jobId }, 'reporting an unreadable job failed'));
        }
        for (const job of jobs) {
          runningSessions.set(job.jobId, job.sessionId);
          say(`Running job ${job.jobId} (${job.execution.checkType} ${job.execution.checkId})`);
          agent.submit(job);
        }
      } catch (error) {
        if (stopping.signal.aborted) return;
        if (error instanceof AgentHttpError && error.status === 404) {
          await register().catch(() => undefined);
          continue;
        }
        logger.warn({ err: error }, 'leasing jobs failed; trying again');
        await pause(delay, stopping.signal);
        delay = Math.min(delay * 2, 10_000);
      }
    }
  };
  const pulling = pull();

  return {
    health,
    async stop() {
      await shutDownGracefully({
        health,
        drain: async () => {
          stopping.abort();
          slotFreed?.();
          await pulling;
          await agent.drain(options.drainTimeoutMs);
          warm?.close();
          connectivity?.stop();
          watch.stop();
          clearInterval(heartbeat);
          await Promise.allSettled([...pendingPosts]);
        },
      });
    },
  };
}
