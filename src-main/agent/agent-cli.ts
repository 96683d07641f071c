import { parseArgs } from 'node:util';
import { createLogger } from '../core/logger';
import { canariesOf, DEFAULT_AGENT_HEALTH_PORT, LANE_SETTINGS, parseCanaries, parseHealthPort, parseLaneCapacity, parseMultiStepMemoryMb, thresholdOptions, thresholdsOf } from '../core/config';
import { DEFAULT_CANARY_INTERVAL_MS } from './connectivity/monitor';
import { ROUNDS_TO_OFFLINE } from './connectivity/state';
import { DEFAULT_STEP_THRESHOLD_MS, DEFAULT_SUSPEND_THRESHOLD_MS } from '../core/clock-watch';
import { ALL_LANES_TEXT, LANE_OPTIONS, LANE_SYNOPSIS_TOKENS, laneFlagValue, wrapWords } from '../core/lane-usage';
import { DEFAULT_MULTISTEP_MEMORY_MB } from '../../src-shared/rules/multistep-memory';
import { LANE_FLAGS_TEXT } from '../../src-shared/rules/lanes';
import type { LaneCapacities } from './embedded-agent';
import { DEFAULT_DRAIN_TIMEOUT_MS, exitGracefullyOnSignals, parseDrainTimeout } from './graceful-shutdown';
import { DEFAULT_AGENT_HEALTH_HOST } from './health-server';

const SYNOPSIS = wrapWords([...LANE_SYNOPSIS_TOKENS, '[--agent-health-port P]', '[--agent-health-host HOST]'], '  sightline agent --server URL --key KEY ', ' '.repeat(18));

/** The thresholds of the agent's guards around its own state, as serve and agent both take them. */
export const OWN_STATE_USAGE = `          --canary-interval  seconds between rounds of canary probes (default ${DEFAULT_CANARY_INTERVAL_MS / 1000};
                      also env SIGHTLINE_CANARY_INTERVAL)
          --canary-failed-rounds  rounds in a row in which no canary that ever answered
                      answers before the agent counts itself offline (default ${ROUNDS_TO_OFFLINE};
                      also env SIGHTLINE_CANARY_FAILED_ROUNDS)
          --suspend-threshold  seconds a clock sample may come late before it counts as a
                      suspension (the process frozen, the machine asleep): a failing run across
                      one is recorded "not judged" (default ${DEFAULT_SUSPEND_THRESHOLD_MS / 1000}; also env SIGHTLINE_SUSPEND_THRESHOLD)
          --clock-step-threshold  seconds the wall clock may move against the monotonic clock
                      before it counts as a step, after which schedules are replanned
                      (default ${DEFAULT_STEP_THRESHOLD_MS / 1000}; also env SIGHTLINE_CLOCK_STEP_THRESHOLD)`;

export const AGENT_USAGE = `${SYNOPSIS}
                  [--drain-timeout SECONDS] [--multistep-memory-mb MB]
                  [--canary HOST]... [--no-canary] [--canary-interval SECONDS]
                  [--canary-failed-rounds N] [--suspend-threshold SECONDS] [--clock-step-threshold SECONDS]

  agent   run checks for a private location from this machine: registers with the server,
          pulls the location's jobs over HTTP (long-poll), runs them and posts the results.
          --server    the Sightline server's URL (also env SIGHTLINE_SERVER)
          --key       a key of the private location (also env SIGHTLINE_AGENT_KEY)
          ${LANE_FLAGS_TEXT}  runs at once per lane, as for
                      serve (also env SIGHTLINE_LANE_*); --concurrency N sets ${ALL_LANES_TEXT}
          --agent-health-port  probes /-/readiness, /-/liveness, /health (default
                      AGENT_HEALTH_PORT or ${DEFAULT_AGENT_HEALTH_PORT}; 0 picks a free one)
          --agent-health-host  address of the probes (default ${DEFAULT_AGENT_HEALTH_HOST})
          --drain-timeout  on SIGTERM, how long running checks may finish (default ${DEFAULT_DRAIN_TIMEOUT_MS / 1000})
          --multistep-memory-mb  memory limit of each process of a multi-step run (default
                      ${DEFAULT_MULTISTEP_MEMORY_MB}; also env SIGHTLINE_MULTISTEP_MEMORY_MB)
          --canary    a host this agent pings to know its own network is up; repeat for
                      several (default: the machine's default gateways and DNS servers; also
                      env SIGHTLINE_CANARIES). While none answers the agent is offline: its
                      runs are reported as "agent offline" and none of its checks alerts
          --no-canary  do not check the agent's own connectivity (SIGHTLINE_CANARIES=off)
${OWN_STATE_USAGE}
          Sightline sends nothing anywhere but the server; EXTERNAL_OBSERVABILITY=off is accepted.
`;

function orFail<T>(value: T | string, fail: (message: string) => never): T {
  if (typeof value === 'string') fail(value);
  return value;
}

/** The agent's lock on this machine (db/agent-lock.ts), handed in by the entry: agent/ stays off the store's layer. */
export type LockAgent = (serverUrl: string, key: string) => Promise<{ setAddress(address: string): void; release(): void }>;
/** This process's temporary folder (db/temp-folders.ts), made once those of agents and servers that are gone are removed. */
export type ClaimTempRoot = () => { path: string; release(): void };

export async function agentCommand(argv: string[], fail: (message: string) => never, lockAgent: LockAgent, claimTempRoot?: ClaimTempRoot): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        server: { type: 'string' },
        key: { type: 'string' },
        concurrency: { type: 'string' },
        ...LANE_OPTIONS,
        'agent-health-port': { type: 'string' },
        'agent-health-host': { type: 'string' },
        'drain-timeout': { type: 'string' },
        'multistep-memory-mb': { type: 'string' },
        canary: { type: 'string', multiple: true },
        'no-canary': { type: 'boolean' },
        ...thresholdOptions(true),
      },
      strict: true,
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  const serverUrl = values.server ?? process.env.SIGHTLINE_SERVER;
  const key = values.key ?? process.env.SIGHTLINE_AGENT_KEY;
  if (!serverUrl || !/^https?:\/\//.test(serverUrl)) fail('--server must be the http(s) URL of a Sightline server');
  if (!key) fail('--key must be a key of a private location (POST /v1/private-locations/{id}/keys)');
  const lanes: LaneCapacities = {};
  for (const { lane, flag, env } of LANE_SETTINGS) {
    const value = laneFlagValue(values, flag) ?? values.concurrency ?? process.env[env];
    if (value !== undefined && value !== '') lanes[lane] = orFail(parseLaneCapacity(value, values.concurrency !== undefined ? '--concurrency' : flag), fail);
  }
  const memory = values['multistep-memory-mb'] ?? process.env.SIGHTLINE_MULTISTEP_MEMORY_MB;
  const multiStepMemoryMb = memory === undefined || memory === '' ? undefined : orFail(parseMultiStepMemoryMb(memory, values['multistep-memory-mb'] !== undefined ? '--multistep-memory-mb' : 'SIGHTLINE_MULTISTEP_MEMORY_MB'), fail);
  // A remote agent has no Config (no data dir, no server settings): like its other settings, the flag wins over the environment.
  const healthPortText = values['agent-health-port'] ?? process.env.AGENT_HEALTH_PORT;
  const healthPort =
    healthPortText === undefined || healthPortText === ''
      ? DEFAULT_AGENT_HEALTH_PORT
      : orFail(parseHealthPort(healthPortText, values['agent-health-port'] !== undefined ? '--agent-health-port' : 'AGENT_HEALTH_PORT'), fail);
  const flagged = orFail(canariesOf(values.canary, values['no-canary']), fail).setting;
  const fromEnv = process.env.SIGHTLINE_CANARIES ? orFail(parseCanaries(process.env.SIGHTLINE_CANARIES, 'SIGHTLINE_CANARIES'), fail).setting : undefined;
  const thresholds = orFail(thresholdsOf(values, process.env, true), fail);
  // Before loading the runner's modules, so a second agent of this key is refused within a second.
  const lock = await lockAgent(serverUrl, key);
  const tempRoot = claimTempRoot?.() ?? null;
  const [{ AgentHttpError }, { startRemoteAgent }] = await Promise.all([import('./agent-client'), import('./remote-agent')]);
  const logger = createLogger(process.env.SIGHTLINE_LOG_LEVEL ?? 'warn');
  const say = (line: string) => process.stdout.write(`${line}\n`);
  let agent;
  try {
    agent = await startRemoteAgent({
      serverUrl,
      key,
      lanes,
      healthPort,
      healthHost: values['agent-health-host'] ?? DEFAULT_AGENT_HEALTH_HOST,
      drainTimeoutMs: values['drain-timeout'] === undefined ? DEFAULT_DRAIN_TIMEOUT_MS : orFail(parseDrainTimeout(values['drain-timeout'], '--drain-timeout'), fail),
      logger,
      say,
      multiStepMemoryMb,
      canaries: flagged ?? fromEnv ?? 'auto',
      canaryIntervalMs: thresholds.canaryIntervalMs,
      canaryFailedRounds: thresholds.canaryFailedRounds,
      clockWatch: { suspendThresholdMs: thresholds.suspendThresholdMs, stepThresholdMs: thresholds.clockStepThresholdMs },
      tempRoot: tempRoot?.path,
    });
  } catch (error) {
    tempRoot?.release();
    if (error instanceof AgentHttpError && error.status === 401) {
      process.stderr.write(`The server refused the key: ${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  if (agent.health.url) lock.setAddress(agent.health.url);
  const running = agent;
  exitGracefullyOnSignals(
    async (reason) => {
      say(`${reason === 'npm exited' ? 'npm exited' : `Received ${reason}`}: finishing running checks, then exiting`);
      await running.stop();
      tempRoot?.release();
      say('Agent stopped');
    },
    (error) => process.stderr.write(`Shutdown failed: ${error.message}\n`),
  );
}
