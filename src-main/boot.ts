import { dirname, join } from 'node:path';
import { networkInterfaces } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { openDb, type DbHandle } from './db/connection';
import { openTeamDatabase } from './db/team-database';
import { reportUnreadableRowsTo } from './db/stored-rows';
import type { Keyring } from './core/keyring';
import { buildApp } from './http/app';
import { applyConfiguredPlan, bootstrapAccount } from './services/accounts';
import { generateApiKey, hashApiKey, LaunchTokens } from './services/auth';
import type { ServiceDeps } from './services/context';
import { systemClock, type Clock } from './core/clock';
import { ClockWatch, type ClockWatchOptions } from './core/clock-watch';
import { realTimers } from './scheduler/timers';
import { listenLinkBase, publicUrlHost, type Config } from './core/config';
import { createLogger, type Logger } from './core/logger';
import { closeBackend } from './close-backend';
import { lockDataDir } from './db/data-dir-lock';
import { claimTempRoot, type TempRoot } from './db/temp-folders';
import type { ProcessLock } from './db/process-lock';
import type { EmbeddedAgent, LaneCapacities, RunFn } from './agent/embedded-agent';
import { runJob } from './runner/run-job';
import { startWarmRuntime } from './runner/warm/start';
import { icmpBatching } from './runner/executors/icmp-batch';
import { installedNodeModules } from './runner/multistep-workspace';
import { isolationView, notIsolatedWarning, probeSandbox } from './runner/sandbox';
import type { ExecutorDeps } from './runner/types';
import { createRuntime } from './services/runtime';
import { loadSealingKey, sealStoredSecrets } from './services/secrets';
import { finishInterruptedDestroys } from './services/projects';
import { settleStagedChecks } from './services/checks';
import { closeInterruptedSessions } from './services/check-sessions';
import { sightlineVersion } from './core/version';
import { backendAgentHealth } from './services/agent-status/index';
import type { AgentHealth } from '../src-shared/rules/lanes';
import type { ServerHealth } from '../src-shared/rules/cluster';
import { newNodeId, SingleNodeLease, type ClusterLease } from './db/cluster/lease';
import { PgClusterLease } from './db/cluster/lease-pg';
import { startLiveFeeds } from './db/cluster/notify-feeds';
import { startEmbeddedConnectivity } from './embedded-connectivity';
import { sendAgentNotice } from './services/agent-connectivity';
import { storedCanaries } from './services/settings';
import { createRunSystem, type RunSystem, type RunSystemOptions } from './scheduler/run-system';
import type { RemoteBroker, RemoteBrokerOptions } from './scheduler/remote-broker';
import { attachRemoteAgents } from './scheduler/remote-wiring';
import type { Scheduler } from './scheduler/scheduler';
import type { Timers } from './scheduler/timers';
import type { EventBus } from './core/events';
import { inBackground } from './core/background';
import {
  startAlerting,
  startHeartbeatJudge,
  type HeartbeatJudge,
  type HeartbeatJudgeOptions,
  startDesktopDelivery,
  startRetention,
  startSubscriberMailer,
  type Alerting,
  type DesktopDelivery,
  type Retention,
  type SubscriberMailer,
} from './services/engines';

/** How notices and the console name the agent inside the server. */
const EMBEDDED_AGENT_NAME = 'local (the agent inside this server)';

// The desktop shell takes the data folder's lock before boot(), and electron/ stays off db/: it reaches the lock here.
export { lockDataDir } from './db/data-dir-lock';
export { LockHeldError } from './db/process-lock';

export interface BootOptions {
  clock?: Clock;
  logger?: Logger;
  /** Issue a per-launch token for the Electron console. */
  issueLaunchToken?: boolean;
  nativeBinding?: string;
  /** The desktop console's origin, allowed to call the API (the Electron shell passes app://sightline). */
  desktopOrigin?: string;
  /**
   * Run checks on their schedule; default on (the test helpers pass false and tests opt in).
   * Triggers, "Run now" and retries work either way: the embedded agent always runs.
   */
  startScheduler?: boolean;
  /** Timers for the scheduler and run coordinator (tests drive them by hand). */
  timers?: Timers;
  /** Executes one job; defaults to the runner's runJob (and ICMP batches through fping where it is installed). */
  run?: RunFn;
  /** Capacity per lane; overrides config.lanes. */
  lanes?: LaneCapacities;
  /** Paths of the probes (tests point fping at a missing binary to get the `ping` fallback). */
  tools?: ExecutorDeps['tools'];
  /** How often the scheduler looks for changed checks; default 2000 ms. */
  schedulerPollMs?: number;
  /** The heartbeat judge's settings (tests: a short poll, low rate limits). */
  heartbeats?: HeartbeatJudgeOptions;
  /** How long a new connection may take to send its first request head before it is closed; default 10000 ms. */
  firstRequestTimeoutMs?: number;
  /** How long close() waits for running checks before aborting them; default 10000 ms. */
  drainTimeoutMs?: number;
  /** Stores a batch of job outcomes; defaults to recordOutcomes (tests put a failing database write in front of it). */
  recordOutcomes?: RunSystemOptions['record'];
  /** Leases and heartbeats of remote agents (`sightline agent`); tests use short ones. */
  remoteAgents?: RemoteBrokerOptions;
  /**
   * The data folder's lock, when the caller took it before loading the rest (the CLI, to refuse
   * at once). Without it boot takes the lock itself. close() releases it either way.
   */
  dataDirLock?: ProcessLock;
  /** How often the embedded agent probes its canaries; default 5000 ms. */
  canaryIntervalMs?: number;
  /** How suspensions and wall-clock steps are told apart from a busy loop (core/clock-watch.ts); tests shorten them. */
  clockWatch?: Pick<ClockWatchOptions<unknown>, 'intervalMs' | 'suspendThresholdMs' | 'stepThresholdMs'>;
}

export interface Backend {
  url: string;
  accountId: string;
  /** The owner key created by this start (first start with an empty data dir), shown once. */
  createdKey: string | null;
  launchToken: string | null;
  app: FastifyInstance;
  deps: ServiceDeps;
  db: DbHandle;
  /** In-process events: sessionUpdated, resultRecorded (see core/events.ts). */
  events: EventBus;
  scheduler: Scheduler;
  agent: EmbeddedAgent;
  /** Runs and retries in flight: tests call coordinator.flush() to write outcomes at once. */
  runs: RunSystem;
  /** Jobs for private locations, leased to remote agents. */
  broker: RemoteBroker;
  /** Judges FINAL results and delivers the notification outbox (tests call alerting.dispatcher.drain()). */
  alerting: Alerting;
  /** The heartbeat judge: every heartbeat in memory, pings in, missed deadlines out. */
  heartbeats: HeartbeatJudge;
  /** Lanes, skipped runs and the fix: what the agent probes' /health answers. */
  agentHealth(): Promise<AgentHealth>;
  /** What the agent health port's /health answers for this server: agentHealth() and the cluster. */
  probeHealth(): Promise<ServerHealth>;
  /**
   * Who leads the cluster. One SQLite server is the leader of a one-node cluster (nothing written);
   * the PostgreSQL lease (db/cluster/lease-pg.ts) waits for team mode's data layer to be wired in.
   */
  cluster: ClusterLease;
  /** Hourly rollups, pruning of old runs and notifications, purge of deleted checks (every minute). */
  retention: Retention;
  /** The desktop app's native notifications: the Electron shell registers its notifier; headless, nobody does. */
  desktop: DesktopDelivery;
  /** Delivers the status pages' subscriber outbox (confirmations, incident mail). */
  subscriberMail: SubscriberMailer;
  /** What close() is waiting for ('running' before it is called). */
  readonly shutdownStep: string;
  /** Stops the scheduler first, ends live feeds and long-polls, drains running checks, then closes HTTP and the database. */
  close(): Promise<void>;
}

/** The composition root shared by the Electron main process, `sightline serve` and the tests. */
export async function boot(config: Config, options: BootOptions = {}): Promise<Backend> {
  const logger = options.logger ?? createLogger(config.logLevel);
  // Before anything touches the folder: a second backend on it refuses here.
  const lock = options.dataDirLock ?? lockDataDir(config.dataDir, 'Sightline', options.nativeBinding);
  const releaseOwnLock = () => {
    if (!options.dataDirLock) lock.release();
  };
  let db: DbHandle;
  let keyring: Keyring;
  try {
    db =
      config.databaseUrl !== null
        ? await openTeamDatabase(config.databaseUrl, join(dirname(config.migrationsDir), 'migrations-pg'), logger)
        : openDb({
            dataDir: config.dataDir,
            migrationsDir: config.migrationsDir,
            nativeBinding: options.nativeBinding,
            checkpointInThread: true,
            onCheckpointerError: (error) => logger.warn({ err: error }, 'the WAL checkpoint thread failed: commits checkpoint by themselves again'),
          });
  } catch (error) {
    releaseOwnLock();
    throw error;
  }
  try {
    keyring = await loadSealingKey(db.db, { dataDir: config.dataDir, secretKeyFile: config.secretKeyFile }, logger, (options.clock ?? systemClock).now().getTime());
  } catch (error) {
    await db.shutdown();
    releaseOwnLock();
    throw error;
  }
  const runtime = createRuntime();
  // A stored row that does not parse (db/stored-rows.ts) is told in this server's log.
  reportUnreadableRowsTo(logger);
  // Team mode: the node id is known before any session can start (the API included), so every
  // session this server starts carries it.
  const nodeId = newNodeId();
  if (config.databaseUrl !== null) runtime.sessionNodeId = nodeId;
  const deps: ServiceDeps = { db: db.db, clock: options.clock ?? systemClock, logger, runtime, keyring };
  const launchTokens = new LaunchTokens();
  let app: FastifyInstance | null = null;
  let subscriberMail: SubscriberMailer | null = null;
  let tempRoot: TempRoot | null = null;
  try {
    const { accountId, createdKey } = await bootstrapAccount(deps, config.apiKey);
    await applyConfiguredPlan(deps, accountId, config.maxChecks);
    // Checks a deploy staged and a stopped process never published: no reader ever saw them.
    const staged = await settleStagedChecks(deps.db);
    if (staged > 0) logger.warn({ checks: staged }, "deleted checks staged by a deploy that did not commit (the process stopped during it)");
    await sealStoredSecrets(deps);
    // Before any request: a project destroy a crash interrupted is finished, never seen half done.
    await finishInterruptedDestroys(deps);
    let launchToken: string | null = null;
    if (options.issueLaunchToken) {
      launchToken = generateApiKey();
      launchTokens.add(hashApiKey(deps.keyring, launchToken), { accountId, role: 'OWNER' });
    }
    app = await buildApp(
      { services: deps, launchTokens },
      {
        logger,
        rendererDir: config.rendererDir,
        rateLimitPerMinute: config.rateLimitPerMinute,
        authFailuresPerMinute: config.authFailuresPerMinute,
        maxConnectionsPerAddress: config.maxConnectionsPerAddress,
        firstRequestTimeoutMs: options.firstRequestTimeoutMs,
        listenHost: config.host,
        publicHosts: config.publicUrl ? [...config.publicHosts, publicUrlHost(config.publicUrl)] : config.publicHosts,
        desktopOrigin: options.desktopOrigin,
      },
    );
    await app.listen({ host: config.host, port: config.port });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : config.port;
    const listening = app;
    const url = listenLinkBase(config.host, port, Object.values(networkInterfaces()).flatMap((entries) => entries ?? []));
    lock.setAddress(url);
    const clock = deps.clock;
    runtime.baseUrl = config.publicUrl ?? url;
    const events = runtime.events;
    // Real executors only: clears what processes that are gone left in the system's temporary folder, and makes this one's.
    tempRoot = options.run ? null : claimTempRoot({ nativeBinding: options.nativeBinding });
    const ownTemp = tempRoot;
    const executorDeps: ExecutorDeps = { now: () => clock.now(), tools: options.tools, multiStepMemoryMb: config.multiStepMemoryMb, tempRoot: ownTemp?.path };
    const batching = options.run ? null : await icmpBatching(executorDeps);
    if (!options.run && !batching) {
      logger.warn('fping was not found: ICMP checks run one `ping` process per run (a smaller ICMP lane). Install fping (Debian/Ubuntu: apt-get install fping; macOS: brew install fping) to batch them.');
    }
    const sandbox = options.run ? null : await probeSandbox(executorDeps, { nodeModules: installedNodeModules() });
    if (sandbox) executorDeps.multiStepSandbox = sandbox;
    if (sandbox?.isolation === 'none') logger.warn(notIsolatedWarning(sandbox));
    const warm = options.run ? null : startWarmRuntime(executorDeps, process.env, (line) => logger.warn({ runtime: line }, 'warm multi-step runtime'));
    if (warm) executorDeps.warmRuntime = warm;
    // A stubbed executor (tests, the no-op benchmark) reaches no network: there is nothing to check.
    const embedded = options.run
      ? null
      : startEmbeddedConnectivity({
          fromFlags: config.canaries ?? null,
          stored: await storedCanaries(deps.db, accountId),
          ownerAccountId: accountId,
          clock,
          logger,
          executorDeps,
          intervalMs: options.canaryIntervalMs ?? config.thresholds.canaryIntervalMs,
          roundsToOffline: config.thresholds.canaryFailedRounds,
          onChange: (change, view, outageReason) =>
            inBackground(logger, 'the agent’s connectivity notice could not be sent', () =>
              sendAgentNotice(deps, { agentName: EMBEDDED_AGENT_NAME, change, since: view.since, reason: outageReason, runsNotRun: view.outageRuns }),
            ),
        });
    const connectivity = embedded?.connectivity ?? null;
    runtime.canaries = embedded?.control ?? null;
    const watch = new ClockWatch({ clock, timers: options.timers ?? realTimers, logger, name: 'this server',
      suspendThresholdMs: config.thresholds.suspendThresholdMs,
      stepThresholdMs: config.thresholds.clockStepThresholdMs,
      ...options.clockWatch,
    });
    watch.start();
    const runs = createRunSystem({
      deps,
      run: options.run ?? ((job) => runJob(job, executorDeps)),
      icmpBatch: batching,
      timers: options.timers,
      lanes: { ...config.lanes, ...options.lanes },
      warmMultiStep: warm !== null,
      pollIntervalMs: options.schedulerPollMs,
      record: options.recordOutcomes,
      multiStepIsolation: sandbox ? isolationView(sandbox, config.multiStepMemoryMb) : null,
      connectivity,
      watch,
    });
    // Before alerting: the desktop app's shell registers after boot, and the alerts alerting's catch-up
    // raises at start are held for it (the Electron shell boots with its origin; `serve` holds nothing).
    const desktop = startDesktopDelivery(deps, events, { holdUntilRegistered: options.desktopOrigin !== undefined });
    const alerting = startAlerting(deps, events);
    // One SQLite server leads a one-node cluster; team mode's servers take turns by the lease.
    // (Made before the heartbeat judge, which asks it which servers ran when; it starts beating below.)
    const cluster: ClusterLease =
      config.databaseUrl !== null
        ? new PgClusterLease({ connectionString: config.databaseUrl, nodeId, failoverDelayMs: config.failoverDelaySeconds * 1000, version: sightlineVersion(), logger })
        : new SingleNodeLease(config.failoverDelaySeconds * 1000, undefined, sightlineVersion());
    // After alerting, which judges the results it stores; it takes pings through the runtime.
    const heartbeats = await startHeartbeatJudge(deps, { watch, lease: cluster, ...options.heartbeats });
    if (config.databaseUrl !== null) {
      // Team mode: every server takes pings, the leader alone judges deadlines (services/engines/heartbeat-judge.ts).
      cluster.on('leader', () => inBackground(logger, 'the heartbeat judge could not take the lead', () => heartbeats.lead()));
      cluster.on('standby', () => heartbeats.standBy());
    }
    subscriberMail = startSubscriberMailer(deps);
    const mailer = subscriberMail;
    const broker = attachRemoteAgents(deps, runs, { unreachableAfterMs: config.thresholds.agentUnreachableAfterMs, ...options.remoteAgents }, watch);
    const retention = startRetention(
      deps,
      {
        rawRetentionDays: config.rawRetentionDays,
        rollupRetentionDays: config.rollupRetentionDays,
        notificationRetentionDays: config.notificationRetentionDays,
      },
      () => cluster.isLeader(),
    );
    const scheduling = options.startScheduler ?? true;
    if (config.databaseUrl === null) {
      if (scheduling) runs.startScheduling();
    } else if (scheduling) {
      runs.scheduler.gate(() => cluster.isLeader());
      // The leader closes the sessions of servers that are gone: when it takes the lead (the scheduler's
      // start), then once per failover delay (a server counts as gone once it has not beaten for that
      // long: a standby that died running what its API was asked to run, or a leader that just died).
      let orphanSweep: NodeJS.Timeout | null = null;
      const sweepOrphans = () => {
        if (deps.runtime.shutdown.signal.aborted || !cluster.isLeader()) return;
        inBackground(logger, 'the sessions of servers that are gone could not be closed', async () => {
          const closed = await closeInterruptedSessions(deps);
          if (closed > 0) logger.warn({ sessions: closed }, 'closed the unfinished sessions of servers that are gone (interrupted)');
        });
      };
      cluster.on('leader', ({ term }) => {
        logger.info({ nodeId: cluster.nodeId, term }, 'this server leads the cluster: it schedules runs (slots the last leader missed run late)');
        inBackground(logger, 'the scheduler could not start on taking the lead', () => runs.scheduler.start({ catchUpMissed: true }));
        orphanSweep ??= setInterval(sweepOrphans, config.failoverDelaySeconds * 1000).unref();
      });
      cluster.on('standby', ({ reason }) => {
        logger.warn({ nodeId: cluster.nodeId, reason }, 'this server no longer leads the cluster: it stops scheduling runs');
        runs.scheduler.stop();
        if (orphanSweep) clearInterval(orphanSweep);
        orphanSweep = null;
      });
      deps.runtime.shutdown.signal.addEventListener('abort', () => orphanSweep && clearInterval(orphanSweep), { once: true });
    }
    cluster.start();
    deps.runtime.cluster = cluster;
    if (config.databaseUrl !== null) deps.runtime.leaderFence = () => ({ nodeId: cluster.nodeId, term: cluster.isLeader() ? cluster.term : null });
    // Team mode: the live feeds (console subscriptions, the CLI's MQTT feed, agents' long-polls) hear the other servers too.
    const liveFeeds =
      config.databaseUrl !== null ? startLiveFeeds({ connectionString: config.databaseUrl, nodeId: cluster.nodeId, logger }, events, deps.runtime.agentJobs.signals) : null;
    const agentHealth = () => backendAgentHealth(deps, { own: true });
    let closing: Promise<void> | null = null;
    let shutdownStep = 'running';
    return {
      url,
      accountId,
      createdKey,
      launchToken,
      app: listening,
      deps,
      db,
      events,
      scheduler: runs.scheduler,
      agent: runs.agent,
      runs,
      broker,
      alerting,
      heartbeats,
      agentHealth,
      probeHealth: async () => ({ ...await agentHealth(), cluster: cluster.view() }),
      cluster,
      retention,
      desktop,
      subscriberMail: mailer,
      get shutdownStep() {
        return shutdownStep;
      },
      close() {
        connectivity?.stop();
        watch.stop();
        desktop.stop();
        closing ??= closeBackend({ runtime, runs, broker, app: listening, alerting, heartbeats, subscriberMail: mailer, retention, db, warm }, options.drainTimeoutMs ?? 10_000, (what) => {
          shutdownStep = what;
        }).finally(async () => {
          await cluster.stop();
          await liveFeeds?.stop();
          releaseTempRoot(ownTemp, logger);
          lock.release();
        });
        return closing;
      },
    };
  } catch (error) {
    await subscriberMail?.stop();
    await app?.close();
    await db.shutdown();
    releaseTempRoot(tempRoot, logger);
    releaseOwnLock();
    throw error;
  }
}

function releaseTempRoot(tempRoot: TempRoot | null, logger: Logger): void {
  try {
    tempRoot?.release();
  } catch (error) {
    // The next start of any Sightline process removes it.
    logger.warn({ err: error, folder: tempRoot?.path }, 'the temporary folder could not be removed');
  }
}
