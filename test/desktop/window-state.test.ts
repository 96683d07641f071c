import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_WINDOW_STATE, rememberWindowState, restoreWindowState, WindowStateFile, type Bounds, type TrackedWindow } from '../../src-main/electron/window-state';

const FULL_HD = { x: 0, y: 0, width: 1920, height: 1040 };

/** A BrowserWindow the user drags and resizes; Electron emits the events these listeners hear. */
class FakeWindow implements TrackedWindow {
  bounds: Bounds = { x: 10, y: 10, width: 1280, height: 820 };
  maximized = false;
  private listeners = new Map<string, (() => void)[]>();
  on(event: string, listener: () => void): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  emit(event: string): void {
    for (const listener of this.listeners.get(event) ?? []) listener();
  }
  getNormalBounds = () => ({ ...this.bounds });
  isMaximized = () => this.maximized;
}

describe('desktop app: the window remembers its size', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'sightline-window-state-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('resized, closed, opened again: the same size and place (a real file in userData)', async () => {
    const file = new WindowStateFile(dir);
    const first = file.read([FULL_HD]);
    expect(first).toEqual(DEFAULT_WINDOW_STATE);
    const window = new FakeWindow();
    rememberWindowState(window, (update) => file.update(update));
    window.bounds = { x: 200, y: 100, width: 1500, height: 900 };
    window.emit('resize');
    window.emit('close');
    expect(JSON.parse(await readFile(join(dir, 'window-state.json'), 'utf8'))).toMatchObject({ bounds: { x: 200, y: 100, width: 1500, height: 900 } });
    expect(new WindowStateFile(dir).read([FULL_HD])).toEqual({ bounds: { x: 200, y: 100, width: 1500, height: 900 }, maximized: false, toldAboutTray: false });
  });

  it('the tray notice, once shown, stays remembered through later saves of the window\'s size (one state for both)', () => {
    const file = new WindowStateFile(dir);
    file.read([FULL_HD]);
    const window = new FakeWindow();
    rememberWindowState(window, (update) => file.update(update));
    window.emit('close');
    file.update({ toldAboutTray: true });
    window.bounds = { x: 50, y: 50, width: 900, height: 700 };
    window.emit('close');
    expect(new WindowStateFile(dir).read([FULL_HD])).toEqual({ bounds: { x: 50, y: 50, width: 900, height: 700 }, maximized: false, toldAboutTray: true });
  });

  it('a maximized window opens maximized, with its normal size kept for un-maximizing', () => {
    const window = new FakeWindow();
    const saved: unknown[] = [];
    rememberWindowState(window, (update) => saved.push(update));
    window.maximized = true;
    window.emit('maximize');
    expect(saved).toEqual([{ bounds: { x: 10, y: 10, width: 1280, height: 820 }, maximized: true }]);
  });

  it('a position on a display unplugged since is dropped (the window would be out of sight); sizes are kept within reason', () => {
    expect(restoreWindowState({ bounds: { x: 2500, y: 100, width: 1200, height: 800 } }, [FULL_HD]).bounds).toEqual({ width: 1200, height: 800 });
    expect(restoreWindowState({ bounds: { x: 0, y: 0, width: 100, height: 50 } }, [FULL_HD]).bounds).toEqual({ x: 0, y: 0, width: 640, height: 480 });
    expect(restoreWindowState({ bounds: { width: 9000, height: 9000 } }, [FULL_HD]).bounds).toEqual({ width: 1920, height: 1040 });
  });

  it('a damaged file gives the defaults instead of stopping the app', async () => {
    await writeFile(join(dir, 'window-state.json'), '{not json');
    expect(new WindowStateFile(dir).read([FULL_HD])).toEqual(DEFAULT_WINDOW_STATE);
    expect(restoreWindowState({ bounds: { width: 'wide', height: null }, maximized: 'yes' }, [FULL_HD])).toEqual(DEFAULT_WINDOW_STATE);
  });
});
