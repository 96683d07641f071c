import { responseTimeFormatter } from '../../lib/whole-ms';
import type { RouterOutputs } from '../../lib/trpc';
import { formatAt, yearOf } from '../../lib/date-time';

export type CheckListItem = RouterOutputs['checks']['list']['items'][number];

/** What a row of the monitors table shows; the read shape types most members loosely, so they are checked here once. */
export interface MonitorRow {
  id: string;
  name: string;
  checkType: string;
  target: string;
  frequency: number | null;
  frequencyOffset: number | null;
  activated: boolean;
  muted: boolean;
  tags: string[];
  groupId: number | null;
  createdAt: string;
}

function targetOf(request: unknown): string {
  if (request && typeof request === 'object') {
    if ('sslConfig' in request) return sslTargetOf(request.sslConfig);
    // A TCP monitor's target is its port on the host.
    if ('hostname' in request && typeof request.hostname === 'string') return 'port' in request && typeof request.port === 'number' ? `${request.hostname}:${request.port}` : request.hostname;
    // A gRPC monitor's url is a host, its port beside it.
    if ('url' in request && typeof request.url === 'string') return 'port' in request && typeof request.port === 'number' ? `${request.url}:${request.port}` : request.url;
    if ('query' in request && typeof request.query === 'string') return 'recordType' in request && typeof request.recordType === 'string' ? `${request.recordType} ${request.query}` : request.query;
  }
  return '—';
}

/** An SSL monitor's target is its sslConfig's host and port ("shop.example.com:443"). */
function sslTargetOf(config: unknown): string {
  if (config && typeof config === 'object' && 'hostname' in config && typeof config.hostname === 'string') {
    return 'port' in config && typeof config.port === 'number' && config.port !== 443 ? `${config.hostname}:${config.port}` : config.hostname;
  }
  return '—';
}

const numberOrNull = (value: unknown): number | null => (typeof value === 'number' ? value : null);

/** A heartbeat has no target: what it expects ("ping every 5 minutes, 1 minute grace"). */
function heartbeatTargetOf(heartbeat: unknown): string {
  if (!heartbeat || typeof heartbeat !== 'object') return '—';
  const { period, periodUnit, grace, graceUnit } = heartbeat as Record<string, unknown>;
  if (typeof period !== 'number' || typeof periodUnit !== 'string') return '—';
  const amount = (n: number, unit: string) => `${n} ${n === 1 ? unit.replace(/s$/, '') : unit}`;
  const graceText = typeof grace === 'number' && typeof graceUnit === 'string' && grace > 0 ? `, ${amount(grace, graceUnit)} grace` : '';
  return `ping every ${amount(period, periodUnit)}${graceText}`;
}

export function toMonitorRow(check: CheckListItem): MonitorRow {
  return {
    id: check.id,
    name: check.name,
    checkType: check.checkType,
    target: check.checkType === 'HEARTBEAT' ? heartbeatTargetOf((check as { heartbeat?: unknown }).heartbeat) : targetOf(check.request),
    frequency: numberOrNull(check.frequency),
    frequencyOffset: numberOrNull(check.frequencyOffset),
    activated: check.activated === true,
    muted: check.muted === true,
    tags: Array.isArray(check.tags) ? check.tags.filter((tag): tag is string => typeof tag === 'string') : [],
    groupId: typeof check.groupId === 'number' ? check.groupId : null,
    createdAt: check.created_at,
  };
}

export function formatCreated(isoDate: string): string {
  return formatAt(isoDate);
}

/** A row of the health-first Monitors list (checks.overview). */
export type MonitorOverviewItem = RouterOutputs['checks']['overview']['items'][number];
export type RecentResult = MonitorOverviewItem['recent'][number];
export type RecentVerdict = RecentResult['verdict'];

export const VERDICT_DISPLAY: Record<RecentVerdict, { label: string; color: string }> = {
  PASSED: { label: 'Passed', color: 'var(--mantine-color-teal-6)' },
  DEGRADED: { label: 'Degraded', color: 'var(--mantine-color-yellow-5)' },
  FAILED: { label: 'Failed', color: 'var(--mantine-color-red-6)' },
  TIMED_OUT: { label: 'Timed out', color: 'var(--mantine-color-red-8)' },
  CANCELLED: { label: 'Cancelled', color: 'var(--mantine-color-gray-5)' },
  SKIPPED: { label: 'Skipped (lane full)', color: 'var(--mantine-color-gray-4)' },
};

/**
 * A response time held in microseconds, written as everywhere in the console (formatResponseTime:
 * "42 µs", "4.21 ms"); a type that only ever stored whole milliseconds says "< 1 ms" or "12 ms".
 */
export function formatResponseUs(us: number | null, precise = true): string {
  return responseTimeFormatter(!precise)(us);
}

export { formatUptime } from '../../lib/number-format';

/** "just now", "42 s ago", "5 min ago", "3 h ago", "2 d ago". */
export function relativeTime(isoDate: string, now: number): string {
  const at = Date.parse(isoDate);
  if (Number.isNaN(at)) return isoDate;
  const ago = Math.max(0, now - at);
  if (ago < 10_000) return 'just now';
  if (ago < 60_000) return `${Math.floor(ago / 1_000)} s ago`;
  if (ago < 3_600_000) return `${Math.floor(ago / 60_000)} min ago`;
  if (ago < 86_400_000) return `${Math.floor(ago / 3_600_000)} h ago`;
  return `${Math.floor(ago / 86_400_000)} d ago`;
}

/** The day only, for dense columns: "Nov 24" in the current year (of `now`), "Nov 24, 2025" before. */
export function formatDate(isoDate: string, now: number): string {
  if (Number.isNaN(Date.parse(isoDate))) return isoDate;
  return formatAt(isoDate, yearOf(isoDate) === yearOf(now) ? 'day' : 'date');
}

/** The exact time, for a hover or an accessible name. */
export function formatExact(isoDate: string): string {
  return formatAt(isoDate);
}

/** "12 Mar 2026, 14:03:05 — Failed — 0.042 ms": what one bar of the results strip says. */
export function describeRecentResult(result: RecentResult, precise: boolean): string {
  const response = result.responseUs === null ? 'no response time' : formatResponseUs(result.responseUs, precise);
  return `${formatExact(result.startedAt)} — ${VERDICT_DISPLAY[result.verdict].label} — ${response}`;
}
