/** The part of Electron's `app` this needs; plain types, so the logic runs (and is tested) under Node. */
export interface SingleInstanceApp {
  requestSingleInstanceLock(): boolean;
  quit(): void;
  on(event: 'second-instance', listener: () => void): unknown;
}

/** The part of a BrowserWindow this needs. */
export interface FocusableWindow {
  isDestroyed(): boolean;
  isMinimized(): boolean;
  restore(): void;
  isVisible(): boolean;
  show(): void;
  focus(): void;
}

export interface DesktopWindows {
  /** The console's window, or null before it is made or after it was closed (macOS keeps the app). */
  current(): FocusableWindow | null;
  /** Opens a window when there is none (the backend is up, the window was closed). */
  open(): void;
}

/**
 * Electron's single-instance lock: false for a second launch, which quits at once; the first
 * one then brings its window to the front (restored, shown, focused) instead of a second
 * backend starting on the same data folder.
 */
export function claimSingleInstance(app: SingleInstanceApp, windows: DesktopWindows): boolean {
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return false;
  }
  app.on('second-instance', () => {
    const window = windows.current();
    if (!window || window.isDestroyed()) {
      windows.open();
      return;
    }
    if (window.isMinimized()) window.restore();
    if (!window.isVisible()) window.show();
    window.focus();
  });
  return true;
}
