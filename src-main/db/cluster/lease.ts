import { EventEmitter } from 'node:events';
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { ClusterNodeView, ClusterRole, ClusterView } from '../../../src-shared/rules/cluster';

export interface LeaderEvent {
  term: number;
}

export interface StandbyEvent {
  /** Why this node does not (or no longer) lead, one sentence for the log. */
  reason: string;
  /** The term it led, null when it had not led. */
  lostTerm: number | null;
  /**
   * By when, on the database clock (epoch ms), it had stopped leading at the latest: comparable
   * with the next leader's takeover time in the lease row. Absent where there is no database clock.
   */
  ledUntilDbMs?: number;
}

export interface ClusterLeaseEvents {
  leader: [LeaderEvent];
  standby: [StandbyEvent];
}

/**
 * Who leads the cluster this process belongs to. The scheduler, alert judging and retention start
 * work only while `isLeader()` answers true; that answer is computed when asked (never a cached
 * role), so a process that was frozen stops leading the moment it runs again, before any timer fires.
 */
export interface ClusterLease extends EventEmitter<ClusterLeaseEvents> {
  readonly nodeId: string;
  /** Starts beating (PostgreSQL); the one-node lease leads from construction. */
  start(): void;
  isLeader(): boolean;
  readonly role: ClusterRole;
  /** The leadership term this node holds, or last saw, null before any. */
  readonly term: number | null;
  readonly leaderNodeId: string | null;
  /** The lease's age by the database clock, null when unknown. */
  readonly leaseAgeMs: number | null;
  view(): ClusterView;
  /** The servers that beat in the last hour, oldest first, with their roles and last heartbeat. */
  nodes(): Promise<ClusterNodeView[]>;
  /** Stops beating; a leader gives the lease up so a standby takes over at its next beat. */
  stop(): Promise<void>;
}

/** `host/pid/random`: readable in /health and logs, unique even when a pid repeats after a restart. */
export function newNodeId(): string {
  return `${hostname()}/${process.pid}/${randomBytes(3).toString('hex')}`;
}

/**
 * One SQLite server (today's mode, the desktop app): the leader of a one-node cluster, term 1,
 * a lease that is never stale. Nothing is written to the database.
 */
export class SingleNodeLease extends EventEmitter<ClusterLeaseEvents> implements ClusterLease {
  readonly role = 'leader' as const;
  readonly term = 1;
  readonly leaseAgeMs = 0;
  private readonly startedAt = Date.now();

  constructor(
    private readonly failoverDelayMs: number,
    readonly nodeId: string = newNodeId(),
    private readonly version = '',
  ) {
    super();
  }

  get leaderNodeId(): string {
    return this.nodeId;
  }

  start(): void {}

  isLeader(): boolean {
    return true;
  }

  view(): ClusterView {
    return { nodeId: this.nodeId, role: this.role, leaderNodeId: this.nodeId, leaseAgeMs: this.leaseAgeMs, failoverDelaySeconds: this.failoverDelayMs / 1000 };
  }

  /** This server alone, leading; its heartbeat is now (it is answering). */
  async nodes(): Promise<ClusterNodeView[]> {
    return [{ nodeId: this.nodeId, host: hostname(), pid: process.pid, version: this.version, role: 'leader', alive: true, startedAt: this.startedAt, heartbeatAt: Date.now(), thisServer: true }];
  }

  async stop(): Promise<void> {}
}
