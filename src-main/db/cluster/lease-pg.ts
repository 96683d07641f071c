import { EventEmitter } from 'node:events';
import { hostname } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import type { Logger } from '../../core/logger';
import { heartbeatIntervalMs, leadershipValidForMs, NODES_LISTED_FOR_MS, type ClusterNodeView, type ClusterRole, type ClusterView } from '../../../src-shared/rules/cluster';
import { newNodeId, type ClusterLease, type ClusterLeaseEvents } from './lease';

export interface PgLeaseOptions {
  /** node-postgres connection string of the team's database (migrated: cluster_nodes, cluster_lease). */
  connectionString: string;
  /** How stale the lease must be, by the database clock, before a standby takes it. */
  failoverDelayMs: number;
  /** Sightline's version, stored in the node's row. */
  version: string;
  nodeId?: string;
  /** Default: a third of the failover delay (5 s at the default 15 s). */
  heartbeatMs?: number;
  logger?: Logger;
}

/** What the last answered beat saw, with when (on this process's monotonic clock) it was sent. */
interface Seen {
  sentMono: number;
  dbNowMs: number;
  leaderNodeId: string | null;
  term: number;
  renewedAtMs: number;
}

/** The nodes that beat in the last $1 ms with the lease, all times by the database clock. */
const NODES = `
with clock as materialized (select (extract(epoch from now()) * 1000)::bigint as now_ms)
select n.node_id, n.host, n.pid, n.version, n.started_at::text as started_at, n.heartbeat_at::text as heartbeat_at,
  l.leader_node_id, l.renewed_at::text as renewed_at, c.now_ms::text as now_ms
from cluster_nodes n cross join clock c left join cluster_lease l on l.id = 1
where n.heartbeat_at >= c.now_ms - $1::bigint
order by n.started_at, n.node_id`;

interface NodeRow {
  node_id: string;
  host: string;
  pid: number;
  version: string;
  started_at: string;
  heartbeat_at: string;
  leader_node_id: string | null;
  renewed_at: string | null;
  now_ms: string;
}

/** The lease row exists once; every beat after that is one statement. */
const ENSURE_LEASE_ROW = `insert into cluster_lease (id, leader_node_id, term, acquired_at, renewed_at) values (1, null, 0, 0, 0) on conflict (id) do nothing`;

/*
 * One beat, one statement, times by the database clock (now(): the statement's start, after this
 * process sent it). The node's row is upserted; the lease is taken or renewed by one conditional
 * UPDATE: renewed when it names this node, taken (term + 1) when nobody holds it or it is older than
 * the failover delay. Two standbys racing: the second waits on the row lock, re-reads the renewed
 * row and its WHERE no longer matches. $6 says whether this node believes it leads: a node that
 * stepped down and finds its own lease still there takes it back as a new term.
 */
const BEAT = `
with clock as materialized (select (extract(epoch from now()) * 1000)::bigint as now_ms),
node as (
  insert into cluster_nodes (node_id, host, pid, version, started_at, heartbeat_at)
  select $1, $2, $3, $4, now_ms, now_ms from clock
  on conflict (node_id) do update set heartbeat_at = excluded.heartbeat_at, host = excluded.host, pid = excluded.pid, version = excluded.version
  returning node_id
),
taken as (
  update cluster_lease as l set
    leader_node_id = $1,
    term = case when $6::boolean and l.leader_node_id = $1 then l.term else l.term + 1 end,
    acquired_at = case when $6::boolean and l.leader_node_id = $1 then l.acquired_at else c.now_ms end,
    renewed_at = c.now_ms
  from clock c
  where l.id = 1 and (l.leader_node_id = $1 or l.leader_node_id is null or l.renewed_at <= c.now_ms - $5::bigint)
  returning l.term, l.acquired_at
)
select c.now_ms::text as now_ms, (select count(*) from node)::int as beat,
  t.term::text as taken_term, t.acquired_at::text as taken_acquired_at,
  l.leader_node_id, l.term::text as term, l.renewed_at::text as renewed_at
from clock c left join taken t on true left join cluster_lease l on l.id = 1`;

const RELEASE = `update cluster_lease set leader_node_id = null where id = 1 and leader_node_id = $1`;

interface BeatRow {
  now_ms: string;
  taken_term: string | null;
  taken_acquired_at: string | null;
  leader_node_id: string | null;
  term: string | null;
  renewed_at: string | null;
}

export interface PgLeaderEventDetail {
  term: number;
  /** The takeover's time by the database clock (epoch ms). */
  acquiredAtMs: number;
}

/**
 * The leader lease on PostgreSQL (issue 35, item 4). Every node beats every `heartbeatMs`; the
 * leader's beat renews the lease. A leader leads only while its last answered renewal was sent less
 * than `failoverDelay − margin` ago (the larger of its monotonic and wall-clock ages, so neither a
 * frozen process nor a suspended machine keeps leading): a standby needs the lease to be
 * `failoverDelay` old by the database clock, and the renewal was written after it was sent, so the
 * leader has stopped before any standby can start. A database that goes away is retried at every
 * beat; nothing exits.
 */
export class PgClusterLease extends EventEmitter<ClusterLeaseEvents> implements ClusterLease {
  readonly nodeId: string;
  private readonly pool: pg.Pool;
  private readonly failoverDelayMs: number;
  private readonly heartbeatMs: number;
  private readonly validForMs: number;
  private readonly logger: Logger | undefined;
  private readonly version: string;
  private leading = false;
  private heldTerm: number | null = null;
  private renewedSentMono = 0;
  private renewedSentWall = 0;
  private renewedDbNowMs = 0;
  private seen: Seen | null = null;
  private leaseRowReady = false;
  private beatTimer: NodeJS.Timeout | null = null;
  private stepDownTimer: NodeJS.Timeout | null = null;
  private started = false;
  private stopped = false;
  private lastError: string | null = null;
  private beating: Promise<void> | null = null;
  /** The last takeover by this node, for logs and tests (database clock). */
  lastAcquired: PgLeaderEventDetail | null = null;

  constructor(options: PgLeaseOptions) {
    super();
    this.nodeId = options.nodeId ?? newNodeId();
    this.failoverDelayMs = options.failoverDelayMs;
    this.heartbeatMs = options.heartbeatMs ?? heartbeatIntervalMs(options.failoverDelayMs);
    this.validForMs = leadershipValidForMs(options.failoverDelayMs);
    if (this.heartbeatMs >= this.validForMs) throw new Error(`the lease's heartbeat (${this.heartbeatMs} ms) must be shorter than its validity (${this.validForMs} ms)`);
    this.logger = options.logger;
    this.version = options.version;
    // One connection; a query or connect that takes longer than a beat is given up (the connection
    // is dropped and made again), so a hung database never stalls the beats.
    this.pool = new pg.Pool({
      connectionString: options.connectionString,
      max: 1,
      connectionTimeoutMillis: this.heartbeatMs,
      query_timeout: this.heartbeatMs,
      statement_timeout: this.heartbeatMs,
      application_name: `sightline lease ${this.nodeId}`.slice(0, 63),
    });
    // An idle connection the server closed (restart, failover) is reported here; the next beat reconnects.
    this.pool.on('error', (error) => this.noteError(error));
    // And one that breaks while a beat holds it: without a listener that error would end the process.
    this.pool.on('connect', (client) => client.on('error', (error) => this.noteError(error)));
  }

  get role(): ClusterRole {
    return this.isLeader() ? 'leader' : 'standby';
  }

  get term(): number | null {
    return this.heldTerm ?? this.seen?.term ?? null;
  }

  get leaderNodeId(): string | null {
    if (this.isLeader()) return this.nodeId;
    return this.seen?.leaderNodeId ?? null;
  }

  get leaseAgeMs(): number | null {
    const seen = this.seen;
    if (!seen || seen.leaderNodeId === null) return null;
    return Math.max(0, Math.round(seen.dbNowMs - seen.renewedAtMs + (performance.now() - seen.sentMono)));
  }

  /** The database clock now, at the latest (the last answered beat's now() plus the time since it was sent); null before any. */
  databaseTimeUpperBoundMs(): number | null {
    const seen = this.seen;
    return seen ? Math.round(seen.dbNowMs + (performance.now() - seen.sentMono)) : null;
  }

  /** Whether this node may start leader-only work now: decided when asked, from its own clocks. */
  isLeader(): boolean {
    if (!this.leading) return false;
    if (this.renewalAgeMs() >= this.validForMs) {
      this.stepDown(this.overdueReason());
      return false;
    }
    return true;
  }

  view(): ClusterView {
    return { nodeId: this.nodeId, role: this.role, leaderNodeId: this.leaderNodeId, leaseAgeMs: this.leaseAgeMs, failoverDelaySeconds: this.failoverDelayMs / 1000 };
  }

  /**
   * The nodes of the cluster by the database: the lease's holder leads while its lease is younger
   * than the failover delay; a node alive beat within it. Asked on the lease's one connection.
   */
  async nodes(): Promise<ClusterNodeView[]> {
    const { rows } = await this.pool.query<NodeRow>(NODES, [NODES_LISTED_FOR_MS]);
    return rows.map((row) => {
      const now = Number(row.now_ms);
      const leads = row.node_id === row.leader_node_id && row.renewed_at !== null && now - Number(row.renewed_at) < this.failoverDelayMs;
      return {
        nodeId: row.node_id,
        host: row.host,
        pid: row.pid,
        version: row.version,
        role: leads ? 'leader' : 'standby',
        alive: now - Number(row.heartbeat_at) < this.failoverDelayMs,
        startedAt: Number(row.started_at),
        heartbeatAt: Number(row.heartbeat_at),
        thisServer: row.node_id === this.nodeId,
      };
    });
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.loop();
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.beatTimer) clearTimeout(this.beatTimer);
    const wasLeading = this.leading;
    this.stepDown('this node is stopping');
    await this.beating?.catch(() => undefined);
    // Given up on purpose, a standby takes over at its next beat instead of after the failover delay.
    if (wasLeading) await this.pool.query(RELEASE, [this.nodeId]).catch((error: unknown) => this.noteError(error));
    await this.pool.end().catch(() => undefined);
  }

  private renewalAgeMs(): number {
    return Math.max(performance.now() - this.renewedSentMono, Date.now() - this.renewedSentWall);
  }

  private overdueReason(): string {
    return `the lease was not renewed for ${Math.round(this.renewalAgeMs())} ms (a leader steps down after ${this.validForMs} ms)${this.lastError ? `: ${this.lastError}` : ''}`;
  }

  private loop(): void {
    if (this.stopped) return;
    const began = performance.now();
    this.beating = this.beat()
      // A throwing 'leader'/'standby' listener must not end the beats (nor the process).
      .catch((error: unknown) => this.logger?.error({ err: error, nodeId: this.nodeId }, 'a cluster lease beat failed'))
      .finally(() => {
        this.beating = null;
        if (this.stopped) return;
        this.beatTimer = setTimeout(() => this.loop(), Math.max(0, this.heartbeatMs - (performance.now() - began)));
        this.beatTimer.unref();
      });
  }

  private async beat(): Promise<void> {
    const sentMono = performance.now();
    const sentWall = Date.now();
    // Renewing only what it still holds: a lease it let lapse comes back as a new term.
    const renewing = this.isLeader();
    let row: BeatRow | undefined;
    try {
      const client = await this.pool.connect();
      try {
        if (!this.leaseRowReady) {
          await client.query(ENSURE_LEASE_ROW);
          this.leaseRowReady = true;
        }
        row = (await client.query<BeatRow>(BEAT, [this.nodeId, hostname(), process.pid, this.version, this.failoverDelayMs, renewing])).rows[0];
        client.release();
      } catch (error) {
        // A failed or timed-out query may leave the connection mid-statement: drop it.
        client.release(error instanceof Error ? error : true);
        throw error;
      }
    } catch (error) {
      this.noteError(error);
      this.isLeader();
      return;
    }
    if (this.stopped || !row) return;
    if (this.lastError !== null) this.logger?.info({ nodeId: this.nodeId }, 'the cluster database answers again');
    this.lastError = null;
    const term = row.taken_term !== null ? Number(row.taken_term) : row.term !== null ? Number(row.term) : 0;
    this.seen = {
      sentMono,
      dbNowMs: Number(row.now_ms),
      leaderNodeId: row.taken_term !== null ? this.nodeId : row.leader_node_id,
      term,
      renewedAtMs: row.taken_term !== null ? Number(row.now_ms) : Number(row.renewed_at ?? 0),
    };
    if (row.taken_term === null) {
      if (this.leading) this.stepDown(`node ${row.leader_node_id ?? '(none)'} holds the lease (term ${term})`);
      return;
    }
    this.renewedSentMono = sentMono;
    this.renewedSentWall = sentWall;
    this.renewedDbNowMs = Number(row.now_ms);
    // An answer that took longer than the validity comes too late to lead on.
    if (this.renewalAgeMs() >= this.validForMs) {
      this.stepDown(`the lease's renewal was answered after ${Math.round(this.renewalAgeMs())} ms`);
      return;
    }
    if (!this.leading || this.heldTerm !== term) {
      this.leading = true;
      this.heldTerm = term;
      this.lastAcquired = { term, acquiredAtMs: Number(row.taken_acquired_at) };
      this.logger?.info({ nodeId: this.nodeId, term }, 'this node leads the cluster');
      this.emit('leader', { term });
    }
    this.armStepDown();
  }

  /** Steps down by itself when no renewal is answered in time, even while a beat is stuck. */
  private armStepDown(): void {
    if (this.stepDownTimer) clearTimeout(this.stepDownTimer);
    this.stepDownTimer = setTimeout(() => {
      this.stepDownTimer = null;
      if (this.isLeader()) this.armStepDown();
    }, Math.max(1, this.validForMs - this.renewalAgeMs()));
    this.stepDownTimer.unref();
  }

  private stepDown(reason: string): void {
    if (!this.leading) return;
    this.leading = false;
    const lostTerm = this.heldTerm;
    this.heldTerm = null;
    if (this.stepDownTimer) clearTimeout(this.stepDownTimer);
    this.stepDownTimer = null;
    // Its leadership ended now, or when its validity ran out if that came first (a frozen process).
    const ledUntilDbMs = Math.min(this.databaseTimeUpperBoundMs() ?? Number.POSITIVE_INFINITY, this.renewedDbNowMs + this.validForMs);
    this.logger?.warn({ nodeId: this.nodeId, term: lostTerm, reason, ledUntilDbMs }, 'this node no longer leads the cluster');
    this.emit('standby', { reason, lostTerm, ledUntilDbMs });
  }

  private noteError(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    if (this.lastError === null) this.logger?.warn({ nodeId: this.nodeId, err: error }, 'the cluster database does not answer: retrying at every beat');
    this.lastError = message || 'unknown error';
  }
}
