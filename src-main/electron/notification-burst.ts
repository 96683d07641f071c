/** An alert the backend raised, as the desktop shell receives it (after commit, never for a muted check). */
export interface DesktopAlert {
  checkId: string;
  checkName: string;
  alertType: string;
  errorMessage: string | null;
}

/** One native notification: what it says and the console route a click opens. */
export interface DesktopNotice {
  title: string;
  body: string;
  route: string;
}

type Kind = 'failing' | 'degraded' | 'recovered';

const KIND: Record<string, Kind> = {
  ALERT_FAILURE: 'failing',
  ALERT_FAILURE_REMAIN: 'failing',
  ALERT_DEGRADED_FAILURE: 'failing',
  ALERT_DEGRADED: 'degraded',
  ALERT_DEGRADED_REMAIN: 'degraded',
  ALERT_FAILURE_DEGRADED: 'degraded',
  ALERT_RECOVERY: 'recovered',
  ALERT_DEGRADED_RECOVERY: 'recovered',
};

const VERB: Record<Kind, [string, string]> = {
  failing: ['is failing', 'are failing'],
  degraded: ['is degraded', 'are degraded'],
  recovered: ['has recovered', 'have recovered'],
};

const NAMED = 3;

/**
 * The notices a burst of alerts becomes: one per kind (failing first). A kind with one monitor
 * names it and opens its page; several become "12 monitors are failing", naming the first few, and
 * open the dashboard, which lists them. A monitor alerting twice in a burst counts once, by its last alert.
 */
export function noticesOf(alerts: readonly DesktopAlert[]): DesktopNotice[] {
  const last = new Map<string, DesktopAlert>();
  for (const alert of alerts) if (KIND[alert.alertType]) last.set(alert.checkId, alert);
  const notices: DesktopNotice[] = [];
  for (const kind of ['failing', 'degraded', 'recovered'] as const) {
    const of = [...last.values()].filter((a) => KIND[a.alertType] === kind);
    if (of.length === 0) continue;
    const [one, many] = VERB[kind];
    if (of.length === 1) {
      const [a] = of;
      notices.push({ title: `${a.checkName} ${one}`, body: kind === 'recovered' ? 'It passes again.' : (a.errorMessage ?? 'Open Sightline for the details.'), route: `/monitors/${encodeURIComponent(a.checkId)}` });
      continue;
    }
    const names = of.slice(0, NAMED).map((a) => a.checkName).join(', ');
    const more = of.length > NAMED ? ` and ${of.length - NAMED} more` : '';
    notices.push({ title: `${of.length} monitors ${many}`, body: `${names}${more}`, route: '/' });
  }
  return notices;
}

export interface BurstTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** How long alerts are gathered after the first one of a burst before anything is shown. */
export const BURST_WINDOW_MS = 3_000;

/**
 * Gathers alerts for BURST_WINDOW_MS after the first, then shows what they become. A run of checks
 * failing together (a network outage) becomes one notice instead of a stack of them.
 */
export class NotificationBurst {
  private pending: DesktopAlert[] = [];
  private timer: unknown = null;

  constructor(
    private readonly show: (notice: DesktopNotice) => void,
    private readonly timers: BurstTimers = globalThis,
    private readonly windowMs = BURST_WINDOW_MS,
  ) {}

  add(alert: DesktopAlert): void {
    this.pending.push(alert);
    this.timer ??= this.timers.setTimeout(() => this.flush(), this.windowMs);
  }

  flush(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
    const alerts = this.pending;
    this.pending = [];
    for (const notice of noticesOf(alerts)) this.show(notice);
  }
}
