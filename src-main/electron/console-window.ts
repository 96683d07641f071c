import { join } from 'node:path';
import { BrowserWindow, screen, shell } from 'electron';
import { PROJECT_ROOT } from '../core/config';
import { NAVIGATE_CHANNEL } from '../preload/channel';
import { keepRunningOnClose, type BackgroundMode } from './close-policy';
import { isOpenableExternally, isOwnPage } from './security';
import { rememberWindowState, type WindowStateFile } from './window-state';

const PRELOAD = join(PROJECT_ROOT, 'out', 'preload', 'index.cjs');
export const CONSOLE_URL = 'app://sightline/index.html';

export interface ConsoleWindowOptions {
  stateFile: WindowStateFile;
  background: BackgroundMode;
  /** Sightline's own origins (the backend, the public URL): the only ones openExternal opens. */
  ownOrigins: () => string[];
  /** Started at login: stays in the tray until asked for. */
  hidden: boolean;
}

/** The console's window: saved size and place, close hides it (background mode), links leave only for our own origins. */
export function createConsoleWindow(options: ConsoleWindowOptions): BrowserWindow {
  const state = options.stateFile.read(screen.getAllDisplays().map((d) => d.workArea));
  const window = new BrowserWindow({
    ...state.bounds,
    minWidth: 640,
    minHeight: 480,
    title: 'Sightline',
    show: false,
    webPreferences: { preload: PRELOAD, contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true },
  });
  if (state.maximized) window.maximize();
  rememberWindowState(window, (update) => options.stateFile.update(update));
  keepRunningOnClose(window, options.background, process.platform);
  window.webContents.on('will-navigate', (event, url) => {
    if (!isOwnPage(url)) event.preventDefault();
  });
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (isOpenableExternally(url, options.ownOrigins())) void shell.openExternal(url);
    return { action: 'deny' };
  });
  if (!options.hidden) window.once('ready-to-show', () => window.show());
  void window.loadURL(CONSOLE_URL);
  return window;
}

/** Brings the window forward, optionally on a console route (a clicked notification). */
export function showConsole(window: BrowserWindow, route?: string): void {
  if (window.isMinimized()) window.restore();
  window.show();
  window.focus();
  if (route) window.webContents.send(NAVIGATE_CHANNEL, route);
}
