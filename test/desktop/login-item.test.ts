import { describe, expect, it } from 'vitest';
import { HIDDEN_AT_LOGIN_ARG, launchedHidden, setStartAtLogin, startAtLogin, type LoginItemApp } from '../../src-main/electron/login-item';

/** The OS's login items as Electron's app exposes them. */
class FakeApp implements LoginItemApp {
  item: { openAtLogin: boolean; openAsHidden?: boolean; args?: string[] } = { openAtLogin: false };
  getLoginItemSettings = () => ({ openAtLogin: this.item.openAtLogin });
  setLoginItemSettings = (settings: FakeApp['item']) => {
    this.item = settings;
  };
}

describe('desktop app: start at login (opt-in)', () => {
  it('is off until turned on; on, the app starts hidden in the tray; off again removes it', () => {
    const app = new FakeApp();
    expect(startAtLogin(app)).toBe(false);
    expect(setStartAtLogin(app, true)).toBe(true);
    expect(app.item).toEqual({ openAtLogin: true, openAsHidden: true, args: [HIDDEN_AT_LOGIN_ARG] });
    expect(launchedHidden(['/opt/Sightline/sightline', ...(app.item.args ?? [])])).toBe(true);
    expect(setStartAtLogin(app, false)).toBe(false);
    expect(app.item.args).toEqual([]);
    expect(launchedHidden(['/opt/Sightline/sightline'])).toBe(false);
  });
});
