import { describe, expect, it } from 'vitest';
import { trayMenuTemplate, trayStateOf, type HealthCounts } from '../../src-main/electron/tray-state';

const counts = (c: Partial<HealthCounts>): HealthCounts => ({ passing: 0, failing: 0, degraded: 0, paused: 0, 'not-run': 0, ...c });

describe('desktop app: what the tray shows for the dashboard counts', () => {
  it('all passing, degraded, failing (failing wins), or nothing run yet', () => {
    expect(trayStateOf(counts({ passing: 12, paused: 3 }), null)).toEqual({ health: 'passing', icon: 'tray-passing', tooltip: 'Sightline: All 12 monitors passing' });
    expect(trayStateOf(counts({ passing: 10, degraded: 1 }), null)).toEqual({ health: 'degraded', icon: 'tray-degraded', tooltip: 'Sightline: 1 monitor degraded' });
    expect(trayStateOf(counts({ passing: 10, degraded: 2, failing: 3 }), null)).toEqual({ health: 'failing', icon: 'tray-failing', tooltip: 'Sightline: 3 monitors failing, 2 degraded' });
    expect(trayStateOf(counts({ 'not-run': 4 }), null)).toMatchObject({ health: 'empty', icon: 'tray-passing', tooltip: 'Sightline: No monitors have run yet' });
  });

  it('says until when alerts are paused', () => {
    const until = Date.parse('2026-01-02T11:00:00.000Z');
    expect(trayStateOf(counts({ passing: 1 }), until).tooltip).toBe('Sightline: All 1 monitor passing · Alerts paused until 11:00 UTC');
  });

  it('the menu: the health line, Open, Pause all alerts for 1 hour, Quit; while paused the pause item says until when and is disabled', () => {
    const clicked: string[] = [];
    const actions = { openConsole: () => clicked.push('open'), pauseAlertsForAnHour: () => clicked.push('pause'), quit: () => clicked.push('quit') };
    const state = trayStateOf(counts({ failing: 2 }), null);
    const menu = trayMenuTemplate(state, null, actions);
    expect(menu.map((item) => item.label ?? item.type)).toEqual(['2 monitors failing', 'separator', 'Open Sightline', 'Pause all alerts for 1 hour', 'separator', 'Quit Sightline']);
    expect(menu[0]?.enabled).toBe(false);
    for (const item of menu) item.click?.();
    expect(clicked).toEqual(['open', 'pause', 'quit']);

    const paused = trayMenuTemplate(state, Date.parse('2026-01-02T11:00:00.000Z'), actions);
    expect(paused[3]).toEqual({ label: 'Alerts paused until 11:00 UTC', enabled: false });
  });
});
