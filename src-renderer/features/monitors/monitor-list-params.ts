import { useSearchParams } from 'react-router';
import { CHECK_TYPES, type CheckType } from '../../../src-shared/enums';
import type { RouterInputs } from '../../lib/trpc';
import { MONITOR_HEALTH_ORDER, type MonitorHealth } from './monitor-health';

type OverviewInput = RouterInputs['checks']['overview'];
export type MonitorSort = NonNullable<OverviewInput['sort']>;
export type SortOrder = NonNullable<OverviewInput['order']>;

export const MONITOR_SORTS = ['health', 'name', 'lastRun', 'created'] as const satisfies readonly MonitorSort[];
/** The direction a column sorts in when it is first picked: newest first for times, A→Z and failing first otherwise. */
export const DEFAULT_ORDER: Record<MonitorSort, SortOrder> = { health: 'asc', name: 'asc', lastRun: 'desc', created: 'desc' };
export const PAGE_SIZES = [25, 50, 100] as const;
const DEFAULT_PAGE_SIZE = 25;

/** What the Monitors list shows; it lives in the URL (`#/monitors?health=failing&tag=edge&sort=name`) so a reload or a shared link keeps it. */
export interface MonitorListParams {
  search: string;
  health: MonitorHealth[];
  checkType: CheckType | null;
  tags: string[];
  /** A group's id, 'none' for monitors in no group, null for all. */
  group: number | 'none' | null;
  /** 'code' (owned by any project), 'console' (by none), a project's id, or null for all. */
  managed: string | null;
  sort: MonitorSort;
  order: SortOrder;
  page: number;
  pageSize: number;
}

const positiveInt = (value: string | null) => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 ? n : null;
};

const isOneOf = <T extends string>(values: readonly T[], value: string | null): value is T => value !== null && (values as readonly string[]).includes(value);

export function parseMonitorListParams(params: URLSearchParams): MonitorListParams {
  const sortParam = params.get('sort');
  const sort = isOneOf(MONITOR_SORTS, sortParam) ? sortParam : 'health';
  const orderParam = params.get('order');
  const groupParam = params.get('group');
  const typeParam = params.get('type');
  const size = positiveInt(params.get('size'));
  return {
    search: params.get('q') ?? '',
    health: (params.get('health') ?? '').split(',').filter((value): value is MonitorHealth => isOneOf(MONITOR_HEALTH_ORDER, value)),
    checkType: isOneOf(CHECK_TYPES, typeParam) ? typeParam : null,
    tags: params.getAll('tag').filter((tag) => tag !== ''),
    group: groupParam === 'none' ? 'none' : positiveInt(groupParam),
    managed: params.get('managed') || null,
    sort,
    order: orderParam === 'asc' || orderParam === 'desc' ? orderParam : DEFAULT_ORDER[sort],
    page: positiveInt(params.get('page')) ?? 1,
    pageSize: size !== null && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** Only what differs from the defaults goes into the URL. */
export function monitorListSearch(p: MonitorListParams): URLSearchParams {
  const out = new URLSearchParams();
  if (p.search.trim() !== '') out.set('q', p.search.trim());
  if (p.health.length > 0) out.set('health', MONITOR_HEALTH_ORDER.filter((health) => p.health.includes(health)).join(','));
  if (p.checkType) out.set('type', p.checkType);
  for (const tag of p.tags) out.append('tag', tag);
  if (p.group !== null) out.set('group', String(p.group));
  if (p.managed !== null) out.set('managed', p.managed);
  if (p.sort !== 'health') out.set('sort', p.sort);
  if (p.order !== DEFAULT_ORDER[p.sort]) out.set('order', p.order);
  if (p.page > 1) out.set('page', String(p.page));
  if (p.pageSize !== DEFAULT_PAGE_SIZE) out.set('size', String(p.pageSize));
  return out;
}

/** The overview procedure's input for these params. */
export function overviewInput(p: MonitorListParams): OverviewInput {
  return {
    page: p.page,
    limit: p.pageSize,
    search: p.search.trim() || undefined,
    health: p.health.length > 0 ? p.health : undefined,
    checkType: p.checkType ?? undefined,
    tags: p.tags.length > 0 ? p.tags : undefined,
    groupId: p.group === 'none' ? null : (p.group ?? undefined),
    managedBy: p.managed === null ? undefined : p.managed === 'code' || p.managed === 'console' ? p.managed : { projectId: p.managed },
    sort: p.sort,
    order: p.order,
  };
}

export function isFiltering(p: MonitorListParams): boolean {
  return p.search.trim() !== '' || p.health.length > 0 || p.checkType !== null || p.tags.length > 0 || p.group !== null || p.managed !== null;
}

export type MonitorListUpdate = (patch: Partial<MonitorListParams>, options?: { replace?: boolean }) => void;

/**
 * The list's params from the URL and a setter. A patch that changes what is listed (a filter, the
 * sort or the page size) goes back to page 1. The setter reads the URL as it is when it runs, so a
 * debounced search never undoes a change made meanwhile.
 */
export function useMonitorListParams(): [MonitorListParams, MonitorListUpdate] {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = parseMonitorListParams(searchParams);
  const update: MonitorListUpdate = (patch, options) => {
    setSearchParams(
      (previous) => {
        const current = parseMonitorListParams(previous);
        const resetsPage = Object.keys(patch).some((key) => key !== 'page');
        return monitorListSearch({ ...current, ...(resetsPage ? { page: 1 } : {}), ...patch });
      },
      { replace: options?.replace ?? false },
    );
  };
  return [params, update];
}
