import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Bounds {
  x?: number;
  y?: number;
  width: number;
  height: number;
}

export interface WindowState {
  bounds: Bounds;
  maximized: boolean;
  /** The "keeps running in the tray" notice was shown (it is shown once, ever). */
  toldAboutTray: boolean;
}

export const DEFAULT_WINDOW_STATE: WindowState = { bounds: { width: 1280, height: 820 }, maximized: false, toldAboutTray: false };
const MIN = { width: 640, height: 480 };
export const WINDOW_STATE_FILE = 'window-state.json';

/** A display's work area (Electron's screen.getAllDisplays()[i].workArea). */
export interface WorkArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * What the window opens with: the saved size (at least 640×480, at most the largest display), and
 * the saved position only while it is still on a display (a monitor unplugged since would leave
 * the window out of sight). A missing or damaged file gives the defaults.
 */
export function restoreWindowState(saved: unknown, displays: readonly WorkArea[]): WindowState {
  if (typeof saved !== 'object' || saved === null) return { ...DEFAULT_WINDOW_STATE };
  const s = saved as { bounds?: Partial<Bounds>; maximized?: unknown; toldAboutTray?: unknown };
  const b = s.bounds ?? {};
  const maxWidth = Math.max(MIN.width, ...displays.map((d) => d.width));
  const maxHeight = Math.max(MIN.height, ...displays.map((d) => d.height));
  const width = isNumber(b.width) ? Math.round(Math.min(Math.max(b.width, MIN.width), maxWidth)) : DEFAULT_WINDOW_STATE.bounds.width;
  const height = isNumber(b.height) ? Math.round(Math.min(Math.max(b.height, MIN.height), maxHeight)) : DEFAULT_WINDOW_STATE.bounds.height;
  const bounds: Bounds = { width, height };
  if (isNumber(b.x) && isNumber(b.y)) {
    const { x, y } = b;
    // Its top-left 100×50 (the title bar) must be on a display, so it can be grabbed.
    if (displays.some((d) => x >= d.x && y >= d.y && x + 100 <= d.x + d.width && y + 50 <= d.y + d.height)) Object.assign(bounds, { x: Math.round(x), y: Math.round(y) });
  }
  return { bounds, maximized: s.maximized === true, toldAboutTray: s.toldAboutTray === true };
}

/**
 * The state file in the app's userData folder: read once at start, then one in-memory state that
 * every change goes through (window bounds, the tray notice), written (renamed into place) on change.
 */
export class WindowStateFile {
  private readonly path: string;
  private state: WindowState | null = null;
  constructor(userDataDir: string) {
    this.path = join(userDataDir, WINDOW_STATE_FILE);
  }

  read(displays: readonly WorkArea[]): WindowState {
    let saved: unknown = null;
    try {
      saved = JSON.parse(readFileSync(this.path, 'utf8'));
    } catch {
      // Missing or damaged: the defaults.
    }
    this.state = restoreWindowState(saved, displays);
    return this.state;
  }

  current(): WindowState {
    return this.state ?? this.read([]);
  }

  update(change: Partial<WindowState>): WindowState {
    this.state = { ...this.current(), ...change };
    writeFileSync(`${this.path}.tmp`, JSON.stringify(this.state));
    renameSync(`${this.path}.tmp`, this.path);
    return this.state;
  }
}

export interface TrackedWindow {
  on(event: 'resize' | 'move' | 'close' | 'maximize' | 'unmaximize', listener: () => void): unknown;
  getNormalBounds(): Bounds;
  isMaximized(): boolean;
}

/** Saves the size and position when the window is closed or hidden, and after moves/resizes settle. */
export function rememberWindowState(window: TrackedWindow, save: (update: Pick<WindowState, 'bounds' | 'maximized'>) => void, timers: { setTimeout: typeof setTimeout; clearTimeout: typeof clearTimeout } = globalThis, settleMs = 500): void {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const saveNow = () => {
    if (timer) timers.clearTimeout(timer);
    timer = null;
    save({ bounds: window.getNormalBounds(), maximized: window.isMaximized() });
  };
  const later = () => {
    if (timer) timers.clearTimeout(timer);
    timer = timers.setTimeout(saveNow, settleMs);
  };
  window.on('resize', later);
  window.on('move', later);
  window.on('maximize', saveNow);
  window.on('unmaximize', saveNow);
  window.on('close', saveNow);
}
