import { listMaintenanceWindows } from '../../db/repositories/maintenance-windows';
import { ALL_CHECKS } from '../../../src-shared/rules/maintenance';
import type { ServiceContext } from '../context';
import { createMaintenanceWindow } from '../maintenance-windows';

export const PAUSE_ALL_NAME = 'All alerts paused from the desktop tray';

/**
 * "Pause all alerts for 1 hour": a one-off maintenance window over every monitor (checkIds ["*"])
 * from now. Checks in it do not run, so nothing alerts; it shows under Maintenance and can be
 * deleted there to resume early.
 */
export async function pauseAllAlerts(ctx: ServiceContext, minutes = 60): Promise<{ until: number }> {
  const now = ctx.clock.now().getTime();
  const until = now + minutes * 60_000;
  await createMaintenanceWindow(ctx, { name: PAUSE_ALL_NAME, tags: [], checkIds: [ALL_CHECKS], groupIds: [], startsAt: new Date(now).toISOString(), endsAt: new Date(until).toISOString() });
  return { until };
}

/** When the open one-off window over every monitor ends, or null when alerts are not paused. */
export async function alertsPausedUntil(ctx: ServiceContext): Promise<number | null> {
  const now = ctx.clock.now().getTime();
  let until: number | null = null;
  for (const w of await listMaintenanceWindows(ctx.db, ctx.accountId)) {
    if (!w.checkIds.includes(ALL_CHECKS) || w.repeatUnit) continue;
    const start = Date.parse(w.startsAt);
    const end = Date.parse(w.endsAt);
    if (start <= now && now < end && (until === null || end > until)) until = end;
  }
  return until;
}
