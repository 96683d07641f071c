import { z } from 'zod';
import {
  distinctCheckTags,
  HEALTH_RANKS,
  overviewPage,
  overviewRows,
  recentFinalResults,
  type HealthName,
  type OverviewFilter,
  type OverviewRow,
  type RecentResultRow,
} from '../../db/repositories/checks-overview';
import { RESULT_FLAGS } from '../../db/repositories/runs-results';
import { CHECK_TYPES } from '../../../src-shared/enums';
import { encodeRunId } from '../../../src-shared/rules/run-ids';
import { ManagedByFilter } from '../../../src-shared/schemas/project-view';
import type { ServiceContext } from '../context';
import { codeOwnersOf, type CodeOwner } from '../project-views';
import { uptimeOf } from './uptime';

/** A monitor's health, in the order the list shows them by default (the console's MonitorHealth). */
export const MONITOR_HEALTHS = ['failing', 'degraded', 'passing', 'not-run', 'paused'] as const satisfies readonly HealthName[];
export type MonitorHealth = (typeof MONITOR_HEALTHS)[number];

export const OVERVIEW_SORTS = ['health', 'name', 'lastRun', 'created'] as const;

/** How many of a monitor's newest FINAL results the list's strip shows. */
export const RECENT_RESULTS = 30;
const DAY_MS = 24 * 3_600_000;

export const MonitorOverviewQuery = z.object({
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(100).default(25),
  /** A case-insensitive part of the name. */
  search: z.string().trim().max(200).optional(),
  /** Any of these; none means all. */
  health: z.array(z.enum(MONITOR_HEALTHS)).max(MONITOR_HEALTHS.length).optional(),
  checkType: z.enum(CHECK_TYPES).optional(),
  /** Checks carrying any of these tags. */
  tags: z.array(z.string().min(1).max(200)).max(20).optional(),
  /** A group's id, or null for the checks in no group. */
  groupId: z.number().int().positive().nullable().optional(),
  /** Checks owned by a project of monitoring as code ('code', or one project), or by none ('console'). */
  managedBy: ManagedByFilter.optional(),
  sort: z.enum(OVERVIEW_SORTS).default('health'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type MonitorOverviewQuery = z.infer<typeof MonitorOverviewQuery>;

/** One bar of the strip: a FINAL result's verdict as the result pages word it, or SKIPPED (its lane was full). */
export type RecentVerdict = 'PASSED' | 'DEGRADED' | 'FAILED' | 'TIMED_OUT' | 'CANCELLED' | 'SKIPPED';

export interface RecentResult {
  /** The result's public id (its page is /monitors/{checkId}/results/{id}). */
  id: string;
  startedAt: string;
  verdict: RecentVerdict;
  /** Microseconds: ICMP's average latency (null when no reply came back), else the whole-millisecond response time. */
  responseUs: number | null;
}

export interface MonitorOverviewItem {
  id: string;
  name: string;
  checkType: string;
  /** The hostname or URL the check runs against; null when it has none. */
  target: string | null;
  frequency: number | null;
  frequencyOffset: number | null;
  activated: boolean;
  muted: boolean;
  /** Its state keeps changing: notifications wait until it is stable (rules/flapping.ts). */
  flapping: boolean;
  tags: string[];
  groupId: number | null;
  groupName: string | null;
  createdAt: string;
  health: MonitorHealth;
  /** When the latest verdict was recorded (the same moment the monitor page's "Last run" shows). */
  lastRunAt: string | null;
  /** The response time of the newest result that ran (skipped runs did not), in microseconds. */
  lastResponseUs: number | null;
  /** Whether lastResponseUs has sub-millisecond precision (ICMP latency) or is whole milliseconds. */
  lastResponsePrecise: boolean;
  /** Passed and degraded runs over runs with a verdict in the last 24 hours, in percent; null without any. */
  uptime24h: number | null;
  /** The newest FINAL results, oldest first (up to RECENT_RESULTS). */
  recent: RecentResult[];
  /** The project of monitoring as code that owns it (its next deploy overwrites console edits); null when none does. */
  managedBy: CodeOwner | null;
}

export interface MonitorOverviewPage {
  items: MonitorOverviewItem[];
  /** Checks matching every filter. */
  total: number;
  page: number;
  limit: number;
  /** Checks per health matching the other filters (the health filter left out), for the filter's counts. */
  healthCounts: Record<MonitorHealth, number>;
}

const HEALTH_BY_RANK = new Map<number, MonitorHealth>(MONITOR_HEALTHS.map((health) => [HEALTH_RANKS[health], health]));

function verdictOf(flags: number): RecentVerdict {
  if (flags & RESULT_FLAGS.skipped) return 'SKIPPED';
  if (flags & RESULT_FLAGS.isCancelled) return 'CANCELLED';
  if (flags & RESULT_FLAGS.timedOut) return 'TIMED_OUT';
  if (flags & (RESULT_FLAGS.hasFailures | RESULT_FLAGS.hasErrors)) return 'FAILED';
  if (flags & RESULT_FLAGS.isDegraded) return 'DEGRADED';
  return 'PASSED';
}

/**
 * ICMP keeps microseconds of its average latency (a ping without any reply has no response time);
 * the response time of other checks is whole milliseconds.
 */
function responseOf(row: RecentResultRow): { us: number | null; precise: boolean } {
  if (row.packetsReceived !== null) return { us: row.packetsReceived > 0 ? row.avgUs : null, precise: true };
  return { us: row.responseTimeMs === null ? null : row.responseTimeMs * 1000, precise: false };
}

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
const integer = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** An SSL monitor's target: its sslConfig host, with the port when it is not 443. */
function sslTarget(row: OverviewRow): string | null {
  const host = text(row.sslHostname);
  if (host === null) return null;
  const port = integer(row.sslPort);
  return port !== null && port !== 443 ? `${host}:${port}` : host;
}

/** The members of a stored heartbeat the list shows (only these are read: the list never parses whole bodies). */
const ListedHeartbeat = z.object({ period: z.number(), periodUnit: z.string(), grace: z.number().optional(), graceUnit: z.string().optional() });

/** A heartbeat has no target: what it expects ("ping every 5 minutes, 1 minute grace"). */
function heartbeatTarget(row: OverviewRow): string | null {
  if (row.checkType !== 'HEARTBEAT' || typeof row.heartbeat !== 'string') return null;
  let stored: unknown;
  try {
    stored = JSON.parse(row.heartbeat);
  } catch {
    return null;
  }
  const parsed = ListedHeartbeat.safeParse(stored);
  if (!parsed.success) return null;
  const { period, periodUnit, grace, graceUnit } = parsed.data;
  const amount = (n: number, unit: string) => `${n} ${n === 1 ? unit.replace(/s$/, '') : unit}`;
  const graceText = typeof grace === 'number' && typeof graceUnit === 'string' && grace > 0 ? `, ${amount(grace, graceUnit)} grace` : '';
  return `ping every ${amount(period, periodUnit)}${graceText}`;
}

/** What a check runs against: host:port (TCP, gRPC), the host (ICMP), the URL, or the record asked for (DNS: "A shop.example.com"). */
function targetOf(row: OverviewRow): string | null {
  const hostname = text(row.hostname);
  const port = integer(row.port);
  if (hostname !== null) return port !== null ? `${hostname}:${port}` : hostname;
  const query = text(row.query);
  if (query !== null) return `${text(row.recordType) ?? ''} ${query}`.trim();
  const url = text(row.url);
  // A gRPC monitor's url is a host, its port beside it.
  return url !== null && port !== null ? `${url}:${port}` : url;
}

async function itemOf(ctx: ServiceContext, row: OverviewRow, now: number, owner: CodeOwner | null): Promise<MonitorOverviewItem> {
  const results = row.checkNum === null ? [] : await recentFinalResults(ctx.db, row.checkNum, RECENT_RESULTS);
  const ran = results.find((result) => (result.flags & RESULT_FLAGS.skipped) === 0);
  const last = ran ? responseOf(ran) : { us: null, precise: false };
  const frequency = integer(row.frequency);
  const uptime = row.checkNum === null ? null : (await uptimeOf(ctx, row.id, now - DAY_MS, now)).uptimePercent;
  return {
    id: row.id,
    name: row.name,
    checkType: row.checkType,
    target: targetOf(row) ?? sslTarget(row) ?? heartbeatTarget(row),
    frequency,
    // As the read shape shows it: frequency 0 without an offset runs every 10 s.
    frequencyOffset: integer(row.frequencyOffset) ?? (frequency === 0 ? 10 : null),
    activated: row.activated,
    muted: row.muted,
    flapping: row.flapping === 1,
    tags: row.tags,
    groupId: row.groupId,
    groupName: row.groupName,
    createdAt: row.createdAt,
    health: HEALTH_BY_RANK.get(row.rank) ?? 'not-run',
    lastRunAt: row.statusUpdatedAt === null ? null : new Date(row.statusUpdatedAt).toISOString(),
    lastResponseUs: last.us,
    lastResponsePrecise: last.precise,
    uptime24h: uptime,
    recent: results
      .map((result) => ({
        id: encodeRunId('result', result.id),
        startedAt: new Date(result.startedAt).toISOString(),
        verdict: verdictOf(result.flags),
        responseUs: (result.flags & RESULT_FLAGS.skipped) === 0 ? responseOf(result).us : null,
      }))
      .reverse(),
    managedBy: owner,
  };
}

function ownedByCodeOf(managedBy: ManagedByFilter | undefined): OverviewFilter['ownedByCode'] {
  if (managedBy === undefined) return undefined;
  if (managedBy === 'code' || managedBy === 'console') return { owned: managedBy === 'code' };
  return { owned: true, projectId: managedBy.projectId };
}

function filterOf(ctx: ServiceContext, query: MonitorOverviewQuery): OverviewFilter {
  return {
    accountId: ctx.accountId,
    search: query.search || undefined,
    checkType: query.checkType,
    tags: query.tags?.length ? query.tags : undefined,
    groupId: query.groupId ?? undefined,
    noGroup: query.groupId === null,
    healthRanks: query.health?.length ? query.health.map((health) => HEALTH_RANKS[health]) : undefined,
    ownedByCode: ownedByCodeOf(query.managedBy),
  };
}

/**
 * One page of the Monitors list, health first: the page's ids come from one sorted SQL query over
 * the checks and their latest status (check_statuses), the counts per health from one grouped
 * query; only the page's rows then read their newest results and their 24-hour uptime.
 */
export async function monitorOverview(ctx: ServiceContext, query: MonitorOverviewQuery): Promise<MonitorOverviewPage> {
  const filter = filterOf(ctx, query);
  const { counts: byRank, ids } = await overviewPage(ctx.db, filter, query.sort, query.order === 'desc', query.limit, (query.page - 1) * query.limit);
  const healthCounts = Object.fromEntries(MONITOR_HEALTHS.map((health) => [health, byRank.get(HEALTH_RANKS[health]) ?? 0])) as Record<MonitorHealth, number>;
  const shown: readonly MonitorHealth[] = query.health?.length ? query.health : MONITOR_HEALTHS;
  const total = shown.reduce<number>((sum, health) => sum + healthCounts[health], 0);
  const rows = new Map((await overviewRows(ctx.db, ctx.accountId, ids)).map((row) => [row.id, row]));
  const now = ctx.clock.now().getTime();
  // The page's owners in one batch, not a query per row.
  const owners = await codeOwnersOf(ctx, 'check', ids);
  const items: MonitorOverviewItem[] = [];
  for (const id of ids) {
    const row = rows.get(id);
    if (row) items.push(await itemOf(ctx, row, now, owners.get(id) ?? null));
  }
  return { items, total, page: query.page, limit: query.limit, healthCounts };
}

/** Every tag on the account's checks, for the tag filter's suggestions. */
export async function monitorTags(ctx: ServiceContext): Promise<string[]> {
  return await distinctCheckTags(ctx.db, ctx.accountId);
}
