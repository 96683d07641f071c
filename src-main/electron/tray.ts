import { join } from 'node:path';
import { Menu, nativeImage, Tray } from 'electron';
import type { Backend } from '../boot';
import { PROJECT_ROOT } from '../core/config';
import { monitorHealthCounts } from '../services/dashboard';
import { alertsPausedUntil, pauseAllAlerts } from '../services/desktop';
import { testProbe } from './test-probe';
import { trayMenuTemplate, trayStateOf, type TrayActions } from './tray-state';

const ICONS = join(PROJECT_ROOT, 'resources', 'tray');
/** Health changes arrive with every finished run: the tray follows them at most this often. */
const REFRESH_THROTTLE_MS = 2_000;
/** A pause ends on the clock, not on an event. */
const REFRESH_EVERY_MS = 60_000;

export interface DesktopTray {
  refresh(): void;
  destroy(): void;
}

/** The tray icon, tooltip and menu, kept in step with the account's health (the dashboard's counts). */
export async function startTray(backend: Backend, actions: Omit<TrayActions, 'pauseAlertsForAnHour'>): Promise<DesktopTray> {
  const ctx = { ...backend.deps, accountId: backend.accountId };
  const tray = new Tray(nativeImage.createFromPath(join(ICONS, 'tray-passing.png')));
  let shownIcon = 'tray-passing';
  const refresh = async () => {
    try {
      const pausedUntil = await alertsPausedUntil(ctx);
      const state = trayStateOf(await monitorHealthCounts(ctx), pausedUntil);
      if (state.icon !== shownIcon) {
        tray.setImage(nativeImage.createFromPath(join(ICONS, `${state.icon}.png`)));
        shownIcon = state.icon;
      }
      tray.setToolTip(state.tooltip);
      const pause = async () => {
        await pauseAllAlerts(ctx);
        await refresh();
      };
      const template = trayMenuTemplate(state, pausedUntil, { ...actions, pauseAlertsForAnHour: pause });
      tray.setContextMenu(Menu.buildFromTemplate(template));
      const probe = testProbe();
      if (probe) Object.assign(probe, { trayMenu: template, trayTooltip: state.tooltip });
    } catch (error) {
      backend.deps.logger.warn({ err: error }, 'the tray could not show the account health');
    }
  };
  let throttle: NodeJS.Timeout | null = null;
  const unsubscribe = backend.events.on('sessionUpdated', (event) => {
    if (!event.finished || throttle) return;
    throttle = setTimeout(async () => {
      throttle = null;
      await refresh();
    }, REFRESH_THROTTLE_MS);
  });
  const every = setInterval(refresh, REFRESH_EVERY_MS);
  tray.on('click', actions.openConsole);
  await refresh();
  return {
    refresh,
    destroy() {
      unsubscribe();
      clearInterval(every);
      if (throttle) clearTimeout(throttle);
      tray.destroy();
    },
  };
}
