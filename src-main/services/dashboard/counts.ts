import { countChecksByHealth } from '../../db/repositories/dashboard';
import { MONITOR_HEALTHS, type MonitorHealthState } from '../../../src-shared/schemas/monitor-stats';
import type { ServiceContext } from '../context';

/** Monitors by health, one grouped query: the dashboard's counts, and all the desktop tray shows. */
export async function monitorHealthCounts(ctx: ServiceContext): Promise<Record<MonitorHealthState, number>> {
  const counts = Object.fromEntries(MONITOR_HEALTHS.map((health) => [health, 0])) as Record<MonitorHealthState, number>;
  for (const { health, n } of await countChecksByHealth(ctx.db, ctx.accountId)) counts[health as MonitorHealthState] += n;
  return counts;
}
