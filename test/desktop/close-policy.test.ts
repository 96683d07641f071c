import { describe, expect, it } from 'vitest';
import { decideClose, keepRunningOnClose, type BackgroundMode, type ClosableWindow } from '../../src-main/electron/close-policy';

/** A BrowserWindow as far as closing goes: Electron calls the 'close' listeners, then closes unless one prevented it. */
class FakeWindow implements ClosableWindow {
  hidden = false;
  closed = false;
  private listeners: ((event: { preventDefault(): void }) => void)[] = [];
  on(_event: 'close', listener: (event: { preventDefault(): void }) => void): this {
    this.listeners.push(listener);
    return this;
  }
  hide(): void {
    this.hidden = true;
  }
  /** The user clicks the window's close button. */
  clickClose(): void {
    let prevented = false;
    for (const listener of this.listeners) listener({ preventDefault: () => (prevented = true) });
    if (!prevented) this.closed = true;
  }
}

function mode(overrides: Partial<{ quitting: boolean; tray: boolean }> = {}): BackgroundMode & { told: number } {
  const state = { told: 0, quitting: overrides.quitting ?? false, tray: overrides.tray ?? true };
  return {
    get told() {
      return state.told;
    },
    isQuitting: () => state.quitting,
    trayShown: () => state.tray,
    toldOnce: () => state.told > 0,
    tell: () => {
      state.told += 1;
    },
  };
}

describe('desktop app: closing the window (background mode)', () => {
  it('on Linux and Windows closing hides the window and keeps running; the first close says so, later ones do not', () => {
    for (const platform of ['linux', 'win32'] as const) {
      const window = new FakeWindow();
      const background = mode();
      keepRunningOnClose(window, background, platform);
      window.clickClose();
      expect(window).toMatchObject({ hidden: true, closed: false });
      expect(background.told).toBe(1);
      window.hidden = false;
      window.clickClose();
      expect(window).toMatchObject({ hidden: true, closed: false });
      expect(background.told).toBe(1);
    }
  });

  it('on macOS the red button hides without a notice (the dock brings it back, Cmd-Q quits)', () => {
    const window = new FakeWindow();
    const background = mode();
    keepRunningOnClose(window, background, 'darwin');
    window.clickClose();
    expect(window).toMatchObject({ hidden: true, closed: false });
    expect(background.told).toBe(0);
  });

  it('Quit (tray, Cmd-Q, logout) really closes the window', () => {
    const window = new FakeWindow();
    keepRunningOnClose(window, mode({ quitting: true }), 'linux');
    window.clickClose();
    expect(window).toMatchObject({ hidden: false, closed: true });
  });

  it('without a tray (a desktop that has none) the window closes: a hidden window could never be found again', () => {
    expect(decideClose({ platform: 'linux', quitting: false, trayShown: false, toldOnce: false })).toBe('close');
    expect(decideClose({ platform: 'win32', quitting: false, trayShown: true, toldOnce: true })).toBe('hide');
  });
});
