/*
 * The leader lease's timings (issue 35, items 4 and 6), pure so the lease, the CLI and the docs
 * read one set of rules. The failover delay D is how old (by the database clock) the lease must be
 * before a standby may take it. A leader beats every D/3 and, failing to renew, stops leading once
 * its last answered renewal is D − margin old on its own clock: always before a standby can take over.
 */

export const DEFAULT_FAILOVER_DELAY_SECONDS = 15;
export const MIN_FAILOVER_DELAY_SECONDS = 5;
export const MAX_FAILOVER_DELAY_SECONDS = 3600;

/** Beats per failover delay: 3 gives the 5 s heartbeat of the issue at the default 15 s. */
export const BEATS_PER_FAILOVER_DELAY = 3;

import type { AgentHealth } from './lanes';

export type ClusterRole = 'leader' | 'standby';

/** What /health (and later the console) shows of the cluster this server belongs to. */
export interface ClusterView {
  nodeId: string;
  role: ClusterRole;
  /** Null while no node holds the lease (a fresh database, or every leader gone and none took over yet). */
  leaderNodeId: string | null;
  /** How old the lease is by the database clock at the last beat plus the time since, in ms; null when unknown (database unreachable since start). */
  leaseAgeMs: number | null;
  /** The failover delay this node was started with (--failover-delay), so an operator can see the nodes agree. */
  failoverDelaySeconds: number;
}

/** One server of the cluster as the console's Settings lists it. */
export interface ClusterNodeView {
  nodeId: string;
  host: string;
  pid: number;
  version: string;
  role: ClusterRole;
  /** It beat within the failover delay (database clock); a node that stopped is listed, not alive, for an hour. */
  alive: boolean;
  /** Epoch ms, by the database clock (this process's clock on SQLite). */
  startedAt: number;
  heartbeatAt: number;
  /** The server that answered the request. */
  thisServer: boolean;
}

/** How long a node that stopped beating stays listed. */
export const NODES_LISTED_FOR_MS = 60 * 60 * 1000;

/** What a server's agent health port answers on /health: the embedded agent's health and the cluster (a remote agent's /health has no cluster). */
export type ServerHealth = AgentHealth & { cluster: ClusterView };

/** How often a node beats (heartbeat row, lease renewal or takeover attempt). */
export function heartbeatIntervalMs(failoverDelayMs: number): number {
  return Math.round(failoverDelayMs / BEATS_PER_FAILOVER_DELAY);
}

/**
 * The part of the failover delay a leader keeps to itself: it steps down this long before a standby
 * could take the lease. A fifth of the delay, at least a second: it absorbs a late timer, a busy
 * event loop and the clocks' rate difference (the database's against this process's monotonic one).
 */
export function stepDownMarginMs(failoverDelayMs: number): number {
  return Math.max(1000, Math.round(failoverDelayMs / 5));
}

/** A leader whose last answered renewal was sent this long ago no longer leads. */
export function leadershipValidForMs(failoverDelayMs: number): number {
  return failoverDelayMs - stepDownMarginMs(failoverDelayMs);
}
