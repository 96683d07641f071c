import type { LinkedCheck } from '../../db/repositories/status-page-service-checks';
import type { ServiceDeps } from '../context';
import { maintenanceOfChecks } from '../maintenance-windows';

/** How far ahead a public page announces maintenance. */
export const MAINTENANCE_LOOKAHEAD_DAYS = 7;
/** The most occurrences a page lists (recurring windows of many services add up). */
const PUBLIC_MAINTENANCE_LIMIT = 50;

/**
 * One occurrence of maintenance as visitors see it: when, and which services of the page it
 * touches. The window's name stays private (it is written for operators, and "start now" names the check).
 */
export interface PublicMaintenance {
  startsAt: string;
  endsAt: string;
  /** Open now (otherwise it starts within the lookahead). */
  current: boolean;
  services: string[];
}

/** Current and upcoming maintenance of the checks behind the page's services, earliest first. */
export async function publicMaintenance(deps: Pick<ServiceDeps, 'db'>, accountId: string, linked: readonly LinkedCheck[], serviceNames: ReadonlyMap<string, string>, nowMs: number): Promise<PublicMaintenance[]> {
  const to = nowMs + MAINTENANCE_LOOKAHEAD_DAYS * 86_400_000;
  const byCheck = await maintenanceOfChecks(deps, accountId, [...new Set(linked.map((c) => c.checkId))], nowMs, to);
  const byOccurrence = new Map<string, { start: number; end: number; services: Set<string> }>();
  for (const check of linked) {
    const service = serviceNames.get(check.serviceId);
    if (service === undefined) continue;
    for (const o of byCheck.get(check.checkId) ?? []) {
      const key = `${o.windowId}@${o.start}`;
      const entry = byOccurrence.get(key) ?? { start: o.start, end: o.end, services: new Set<string>() };
      entry.services.add(service);
      byOccurrence.set(key, entry);
    }
  }
  return [...byOccurrence.values()]
    .sort((a, b) => a.start - b.start || a.end - b.end)
    .slice(0, PUBLIC_MAINTENANCE_LIMIT)
    .map((o) => ({ startsAt: new Date(o.start).toISOString(), endsAt: new Date(o.end).toISOString(), current: o.start <= nowMs, services: [...o.services].sort() }));
}
