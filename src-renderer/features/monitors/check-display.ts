import type { RouterOutputs } from '../../lib/trpc';

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
    if ('hostname' in request && typeof request.hostname === 'string') return request.hostname;
    if ('url' in request && typeof request.url === 'string') return request.url;
  }
  return '—';
}

const numberOrNull = (value: unknown): number | null => (typeof value === 'number' ? value : null);

export function toMonitorRow(check: CheckListItem): MonitorRow {
  return {
    id: check.id,
    name: check.name,
    checkType: check.checkType,
    target: targetOf(check.request),
    frequency: numberOrNull(check.frequency),
    frequencyOffset: numberOrNull(check.frequencyOffset),
    activated: check.activated === true,
    muted: check.muted === true,
    tags: Array.isArray(check.tags) ? check.tags.filter((tag): tag is string => typeof tag === 'string') : [],
    groupId: typeof check.groupId === 'number' ? check.groupId : null,
    createdAt: check.created_at,
  };
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export function formatCreated(isoDate: string): string {
  const date = new Date(isoDate);
  return Number.isNaN(date.getTime()) ? isoDate : dateFormat.format(date);
}
