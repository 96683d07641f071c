import { lastProblemError, listOpenIncidents, listProblemChecks, listRecentNotifications } from '../../db/repositories/dashboard';
import { locationNames } from '../../db/repositories/runs';
import type { AgentHealth, LaneName, OverrunningCheckView } from '../../../src-shared/rules/lanes';
import { encodeRunId } from '../../../src-shared/rules/run-ids';
import { redactChannelConfig } from '../../../src-shared/rules/secrets';
import type { AlertChannelType } from '../../../src-shared/schemas/alert-channel';
import type { NotificationStatus } from '../../../src-shared/schemas/alert-notification';
import { MONITOR_HEALTHS, type MonitorHealthState } from '../../../src-shared/schemas/monitor-stats';
import { backendAgentHealth } from '../agent-status/index';
import type { AgentConnectivityView } from '../../../src-shared/rules/connectivity';
import { errorSummary, StreakCache } from '../checks';
import type { ServiceContext } from '../context';
import { monitorHealthCounts } from './counts';

/** Failing and degraded monitors listed at most; `problems.total` counts them all. */
export const LISTED_PROBLEMS = 50;
const LISTED_INCIDENTS = 10;
const LISTED_NOTIFICATIONS = 10;

export interface ProblemMonitor {
  checkId: string;
  name: string;
  checkType: string;
  /** Passing only for a flapping monitor whose last run passed. */
  health: 'failing' | 'degraded' | 'passing';
  /** Epoch ms: when its current streak of failed (degraded) runs began. */
  since: number | null;
  lastRunAt: number | null;
  lastRunLocation: string | null;
  lastCheckSessionId: string | null;
  /** "KIND: message" of its last failed or degraded run, when that run recorded an error. */
  error: string | null;
  /** The monitor or its group is muted: this failure sends no alert. */
  muted: boolean;
  /** Its state keeps changing: listed even while its last run passed; notifications wait until it is stable. */
  flapping: boolean;
}

export interface OpenIncident {
  id: string;
  name: string;
  severity: string;
  status: string;
  createdAt: string;
  sourceCheckId: string | null;
}

export interface RecentNotification {
  id: string;
  status: NotificationStatus;
  alertType: string;
  createdAt: number;
  sentAt: number | null;
  /** The channel as the notification recorded it (credentials left out): the console names it from this. */
  channel: { id: number; type: AlertChannelType; config: Record<string, unknown> };
  checkId: string | null;
  checkName: string | null;
}

export interface LaneSummary {
  lane: LaneName;
  capacity: number;
  running: number;
  queued: number;
  oldestWaitMs: number;
  skippedLastHour: number;
}

export interface DashboardSummary {
  /** Epoch ms when it was computed. */
  generatedAt: number;
  total: number;
  counts: Record<MonitorHealthState, number>;
  problems: { total: number; items: ProblemMonitor[] };
  incidents: { total: number; items: OpenIncident[] };
  agent: {
    status: AgentHealth['status'];
    message: string;
    skippedLastHour: number;
    lanes: LaneSummary[];
    /** Scheduled runs of the account's checks skipped because their previous run was still going, and those checks. */
    overrunSkippedLastHour: number;
    overrunningChecks: OverrunningCheckView[];
    connectivity: AgentConnectivityView | null;
  };
  notifications: RecentNotification[];
}

/**
 * Everything the Dashboard shows, in a few SQL statements over the account's checks (their status
 * rows, not their results): counts by health, the failing and degraded monitors, open incidents,
 * the agent's lanes and the newest notifications.
 */
export async function computeDashboardSummary(ctx: ServiceContext, streaks = new StreakCache()): Promise<DashboardSummary> {
  const now = ctx.clock.now().getTime();
  const counts = await monitorHealthCounts(ctx);
  const names = await locationNames(ctx.db);
  const problemRows = await listProblemChecks(ctx.db, ctx.accountId, LISTED_PROBLEMS);
  const problems = await Promise.all(problemRows.map(
    async (row): Promise<ProblemMonitor> => ({
      checkId: row.checkId,
      name: row.name,
      checkType: row.checkType,
      health: row.health === 'failing' || row.health === 'degraded' ? row.health : 'passing',
      since: row.checkNum === null || (row.health !== 'failing' && row.health !== 'degraded') ? null : await streaks.since(ctx.db, row.checkNum, row.health === 'failing' ? 'failed' : 'degraded', now),
      lastRunAt: row.lastRunAt,
      lastRunLocation: row.lastLocation === null ? null : (names.get(row.lastLocation) ?? null),
      lastCheckSessionId: row.lastSessionId === null ? null : encodeRunId('session', row.lastSessionId),
      error: row.checkNum === null ? null : errorSummary(await lastProblemError(ctx.db, row.checkNum)),
      muted: row.muted,
      flapping: row.flapping === 1,
    }),
  ));
  streaks.keepOnly(new Set(problemRows.map((row) => row.checkNum).filter((n): n is number => n !== null)));
  const incidents = await listOpenIncidents(ctx.db, ctx.accountId, LISTED_INCIDENTS);
  const agent = await backendAgentHealth(ctx);
  return {
    generatedAt: now,
    total: MONITOR_HEALTHS.reduce((n, health) => n + counts[health], 0),
    counts,
    problems: { total: counts.failing + counts.degraded, items: problems },
    incidents: {
      total: incidents.total,
      items: incidents.rows.map((row) => ({ id: row.id, name: row.name, severity: row.severity, status: row.lastUpdateStatus, createdAt: row.createdAt, sourceCheckId: row.sourceCheckId })),
    },
    agent: {
      status: agent.status,
      message: agent.message,
      skippedLastHour: agent.skippedLastHour,
      lanes: agent.lanes.map((lane) => ({
        lane: lane.lane,
        capacity: lane.capacity,
        running: lane.running,
        queued: lane.queued,
        oldestWaitMs: lane.oldestWaitMs,
        skippedLastHour: agent.skippedByLane[lane.lane] ?? 0,
      })),
      overrunSkippedLastHour: agent.overrunSkippedLastHour,
      overrunningChecks: agent.overrunningChecks,
      connectivity: agent.connectivity,
    },
    notifications: (await listRecentNotifications(ctx.db, ctx.accountId, LISTED_NOTIFICATIONS)).map((row) => ({
      id: row.id,
      status: row.status as NotificationStatus,
      alertType: row.alertType,
      createdAt: row.createdAt,
      sentAt: row.sentAt,
      channel: { id: row.alertChannelId, type: row.type as AlertChannelType, config: redactChannelConfig(row.type, row.alertConfig) },
      checkId: row.checkId,
      checkName: row.checkName,
    })),
  };
}
