import type { MonitorRef } from './failing-changes';

export type ChangeKind = 'failed' | 'recovered';

/** More than BURST_SIZE changes of one kind within BURST_MS make one toast instead of many. */
export const BURST_MS = 2_000;
export const BURST_SIZE = 3;
const NAMED = 3;

/** What to show for a change: one monitor's toast, or the burst's one toast (replacing the single ones it absorbed). */
export type Announcement =
  | { kind: ChangeKind; type: 'single'; id: string; monitor: MonitorRef }
  | { kind: ChangeKind; type: 'burst'; id: string; monitors: MonitorRef[]; replaces: string[]; shown: boolean };

interface Burst {
  startedAt: number;
  monitors: MonitorRef[];
  singleIds: string[];
  id: string;
  /** Its one toast is on screen already: later changes update it. */
  shown: boolean;
}

/** "5 monitors failing: a, b, c…" */
export function burstText(kind: ChangeKind, monitors: readonly MonitorRef[]): string {
  const names = monitors.slice(0, NAMED).map((monitor) => monitor.name).join(', ');
  const more = monitors.length > NAMED ? '…' : '';
  return `${monitors.length} monitors ${kind === 'failed' ? 'failing' : 'recovered'}: ${names}${more}`;
}

/**
 * Groups changes that arrive close together: the first few get a toast each; once a burst passes
 * BURST_SIZE, its toasts fold into one that names the first few and counts them all.
 */
export class ChangeBursts {
  private readonly bursts = new Map<ChangeKind, Burst>();
  private serial = 0;

  add(kind: ChangeKind, monitors: readonly MonitorRef[], now: number): Announcement[] {
    if (monitors.length === 0) return [];
    let burst = this.bursts.get(kind);
    if (!burst || now - burst.startedAt > BURST_MS) {
      burst = { startedAt: now, monitors: [], singleIds: [], id: `announce-${kind}-${++this.serial}`, shown: false };
      this.bursts.set(kind, burst);
    }
    burst.monitors.push(...monitors);
    if (burst.monitors.length > BURST_SIZE) {
      const announcement: Announcement = { kind, type: 'burst', id: burst.id, monitors: [...burst.monitors], replaces: burst.singleIds, shown: burst.shown };
      burst.singleIds = [];
      burst.shown = true;
      return [announcement];
    }
    return monitors.map((monitor) => {
      const id = `${burst.id}-${monitor.checkId}`;
      burst.singleIds.push(id);
      return { kind, type: 'single', id, monitor };
    });
  }
}
