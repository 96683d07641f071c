/** The account's health as the tray shows it, from the dashboard's counts by health. */
export type TrayHealth = 'passing' | 'degraded' | 'failing' | 'empty';

export interface HealthCounts {
  passing: number;
  failing: number;
  degraded: number;
  paused: number;
  'not-run': number;
}

export interface TrayState {
  health: TrayHealth;
  /** The icon file under resources/tray/ (without the size suffix). */
  icon: string;
  tooltip: string;
}

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** Failing wins over degraded, as on the dashboard; paused and not-yet-run monitors count as neither. */
export function trayStateOf(counts: HealthCounts, pausedUntil: number | null): TrayState {
  const health: TrayHealth = counts.failing > 0 ? 'failing' : counts.degraded > 0 ? 'degraded' : counts.passing > 0 ? 'passing' : 'empty';
  const lines = [
    health === 'failing'
      ? `${plural(counts.failing, 'monitor')} failing${counts.degraded > 0 ? `, ${counts.degraded} degraded` : ''}`
      : health === 'degraded'
        ? `${plural(counts.degraded, 'monitor')} degraded`
        : health === 'passing'
          ? `All ${plural(counts.passing, 'monitor')} passing`
          : 'No monitors have run yet',
  ];
  if (pausedUntil !== null) lines.push(`Alerts paused until ${new Date(pausedUntil).toISOString().slice(11, 16)} UTC`);
  return { health, icon: `tray-${health === 'empty' ? 'passing' : health}`, tooltip: `Sightline: ${lines.join(' · ')}` };
}

/** A menu item as Electron's Menu.buildFromTemplate takes it (the part used here). */
export interface TrayMenuItem {
  label?: string;
  type?: 'normal' | 'separator';
  enabled?: boolean;
  click?: () => void;
}

export interface TrayActions {
  openConsole(): void;
  pauseAlertsForAnHour(): void;
  quit(): void;
}

/** Open the console, pause all alerts for an hour (disabled while paused, saying until when), quit. */
export function trayMenuTemplate(state: TrayState, pausedUntil: number | null, actions: TrayActions): TrayMenuItem[] {
  return [
    { label: state.tooltip.replace(/^Sightline: /, ''), enabled: false },
    { type: 'separator' },
    { label: 'Open Sightline', click: actions.openConsole },
    pausedUntil === null
      ? { label: 'Pause all alerts for 1 hour', click: actions.pauseAlertsForAnHour }
      : { label: `Alerts paused until ${new Date(pausedUntil).toISOString().slice(11, 16)} UTC`, enabled: false },
    { type: 'separator' },
    { label: 'Quit Sightline', click: actions.quit },
  ];
}
