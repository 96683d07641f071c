import { describe, expect, it } from 'vitest';
import { NotificationBurst, noticesOf, type BurstTimers, type DesktopAlert, type DesktopNotice } from '../../src-main/electron/notification-burst';

const alert = (n: number, alertType = 'ALERT_FAILURE', errorMessage: string | null = 'Timed out'): DesktopAlert => ({ checkId: `c${n}`, checkName: `API ${n}`, alertType, errorMessage });

/** Timers the test fires by hand: the burst's window ends when the test says so. */
class HandTimers implements BurstTimers {
  pending = new Map<number, () => void>();
  private next = 0;
  setTimeout(fn: () => void): number {
    this.next += 1;
    this.pending.set(this.next, fn);
    return this.next;
  }
  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }
  fire(): void {
    const fns = [...this.pending.values()];
    this.pending.clear();
    for (const fn of fns) fn();
  }
}

describe('desktop app: which notifications a burst of alerts becomes', () => {
  it('one failing monitor: its name, its error, a click opens its page', () => {
    expect(noticesOf([alert(1)])).toEqual([{ title: 'API 1 is failing', body: 'Timed out', route: '/monitors/c1' }]);
  });

  it('twelve failing together: one "12 monitors are failing" naming the first three, opening the dashboard', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => alert(i + 1));
    expect(noticesOf(twelve)).toEqual([{ title: '12 monitors are failing', body: 'API 1, API 2, API 3 and 9 more', route: '/' }]);
  });

  it('mixed kinds give one notice each, failing first; a monitor alerting twice counts once, by its last alert', () => {
    const notices = noticesOf([alert(1, 'ALERT_RECOVERY'), alert(2), alert(3, 'ALERT_DEGRADED'), alert(4, 'ALERT_DEGRADED_FAILURE'), alert(3, 'ALERT_FAILURE'), alert(5, 'ALERT_DEGRADED_RECOVERY')]);
    expect(notices.map((n) => n.title)).toEqual(['3 monitors are failing', '2 monitors have recovered']);
    expect(notices[0]?.body).toBe('API 2, API 3, API 4');
  });

  it('test notices and agent notices are not monitor alerts: nothing is shown', () => {
    expect(noticesOf([{ checkId: 'x', checkName: 'x', alertType: 'TEST', errorMessage: null }])).toEqual([]);
  });

  it('alerts arriving within the window are shown together once it ends; the next alert starts a new burst', () => {
    const timers = new HandTimers();
    const shown: DesktopNotice[] = [];
    const burst = new NotificationBurst((n) => shown.push(n), timers, 3000);
    for (let i = 1; i <= 5; i++) burst.add(alert(i));
    expect(shown).toEqual([]);
    expect(timers.pending.size).toBe(1);
    timers.fire();
    expect(shown).toEqual([{ title: '5 monitors are failing', body: 'API 1, API 2, API 3 and 2 more', route: '/' }]);
    burst.add(alert(6, 'ALERT_RECOVERY'));
    timers.fire();
    expect(shown.at(-1)).toEqual({ title: 'API 6 has recovered', body: 'It passes again.', route: '/monitors/c6' });
    expect(shown).toHaveLength(2);
  });
});
