import { describe, expect, it } from 'vitest';
import { claimSingleInstance, type FocusableWindow, type SingleInstanceApp } from '../../src-main/electron/single-instance';

/** Electron's app as the OS sees it: the first launch gets the lock, later ones do not and are told to the first. */
class FakeApp implements SingleInstanceApp {
  quits = 0;
  private secondInstance: (() => void) | null = null;
  constructor(private readonly gotLock: boolean) {}
  requestSingleInstanceLock(): boolean {
    return this.gotLock;
  }
  quit(): void {
    this.quits += 1;
  }
  on(_event: 'second-instance', listener: () => void): this {
    this.secondInstance = listener;
    return this;
  }
  /** What Electron does in the first instance when the user launches the app again. */
  launchAgain(): void {
    this.secondInstance?.();
  }
}

class FakeWindow implements FocusableWindow {
  destroyed = false;
  minimized = false;
  visible = true;
  focused = false;
  isDestroyed = () => this.destroyed;
  isMinimized = () => this.minimized;
  restore = () => {
    this.minimized = false;
  };
  isVisible = () => this.visible;
  show = () => {
    this.visible = true;
  };
  focus = () => {
    this.focused = true;
  };
}

describe('desktop app: one instance (Electron single-instance lock)', () => {
  it('a second launch quits at once and starts nothing', () => {
    const app = new FakeApp(false);
    let opened = 0;
    expect(claimSingleInstance(app, { current: () => null, open: () => (opened += 1) })).toBe(false);
    expect(app.quits).toBe(1);
    expect(opened).toBe(0);
  });

  it('the first instance keeps running, and a second launch restores, shows and focuses its window', () => {
    const app = new FakeApp(true);
    const window = new FakeWindow();
    expect(claimSingleInstance(app, { current: () => window, open: () => undefined })).toBe(true);
    expect(app.quits).toBe(0);
    window.minimized = true;
    window.visible = false;

    app.launchAgain();
    expect(window).toMatchObject({ minimized: false, visible: true, focused: true });
    expect(app.quits).toBe(0);
  });

  it('a second launch after the window was closed (the app kept running) opens a new one', () => {
    const app = new FakeApp(true);
    const closed = new FakeWindow();
    closed.destroyed = true;
    let current: FakeWindow | null = closed;
    let opened = 0;
    claimSingleInstance(app, { current: () => current, open: () => (opened += 1) });
    app.launchAgain();
    expect(opened).toBe(1);
    expect(closed.focused).toBe(false);
    current = null;
    app.launchAgain();
    expect(opened).toBe(2);
  });
});
