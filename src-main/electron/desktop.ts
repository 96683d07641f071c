import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { app, BrowserWindow, dialog, ipcMain, shell } from 'electron';
import { shutDownGracefully } from '../agent/graceful-shutdown';
import { startAgentProbes, type HealthServer } from '../agent/health-server';
import { boot, type Backend } from '../core/boot';
import { PROJECT_ROOT, resolveConfig, type Config } from '../core/config';
import { lockDataDir } from '../core/data-dir-lock';
import { LockHeldError } from '../core/process-lock';
import { CONNECTION_CHANNEL, type DesktopConnection } from '../preload/channel';
import { claimSingleInstance } from './single-instance';

const RENDERER_INDEX = join(PROJECT_ROOT, 'out', 'renderer', 'index.html');
const PRELOAD = join(PROJECT_ROOT, 'out', 'preload', 'index.cjs');

/** better-sqlite3 compiled for Electron's ABI by `npm run build:electron-sqlite`; Node keeps its own build. */
export const ELECTRON_SQLITE_BINDING = join(PROJECT_ROOT, 'out', 'native', 'better-sqlite3-electron', 'build', 'Release', 'better_sqlite3.node');

async function startBackend(config: Config): Promise<Backend> {
  if (!existsSync(ELECTRON_SQLITE_BINDING)) {
    throw new Error(`better-sqlite3 has not been built for Electron: run "npm run build:electron-sqlite" (looked for ${ELECTRON_SQLITE_BINDING})`);
  }
  // A `sightline serve` on the app's folder holds this lock too; the retry below keeps the one lock.
  const dataDirLock = lockDataDir(config.dataDir, 'Sightline desktop app', ELECTRON_SQLITE_BINDING);
  const options = { issueLaunchToken: true, nativeBinding: ELECTRON_SQLITE_BINDING, allowFileOrigin: true, dataDirLock };
  try {
    return await boot(config, options);
  } catch (error) {
    // Another Sightline (or anything) holds 4310: the console learns the real port from the preload anyway.
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    return boot({ ...config, port: 0 }, options);
  }
}

function isOwnPage(url: string): boolean {
  return url.startsWith('file://') && decodeURIComponent(new URL(url).pathname).endsWith('/out/renderer/index.html');
}

function createWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 820,
    title: 'Sightline',
    show: false,
    webPreferences: {
      preload: PRELOAD,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    },
  });
  window.once('ready-to-show', () => window.show());
  void window.loadFile(RENDERER_INDEX);
  return window;
}

function lockDownNavigation(): void {
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event, url) => {
      if (!isOwnPage(url)) event.preventDefault();
    });
    contents.setWindowOpenHandler(({ url }) => {
      if (url.startsWith('https://') || url.startsWith('http://')) void shell.openExternal(url);
      return { action: 'deny' };
    });
  });
}

export function startDesktop(): void {
  let backend: Backend | null = null;
  let health: HealthServer | null = null;
  let window: BrowserWindow | null = null;
  const openWindow = () => {
    window = createWindow();
    window.on('closed', () => {
      window = null;
    });
  };
  const windows = {
    current: () => window,
    open: () => {
      if (backend) openWindow();
    },
  };
  if (!claimSingleInstance(app, windows)) return;
  lockDownNavigation();
  app.whenReady().then(async () => {
    const config = resolveConfig({ dataDir: app.getPath('userData'), rendererDir: null });
    for (const ignored of config.ignoredSettings) process.stderr.write(`Warning: ${ignored}\n`);
    backend = await startBackend(config);
    // Like `sightline serve`: AGENT_HEALTH_PORT or 8081, and a free port (with a warning) when that one is taken.
    health = await startAgentProbes({ port: config.agentHealthPort, logger: backend.deps.logger, freePortIfTaken: true, health: backend.agentHealth });
    const connection: DesktopConnection = { apiBaseUrl: backend.url, token: backend.launchToken ?? '' };
    ipcMain.on(CONNECTION_CHANNEL, (event) => {
      event.returnValue = connection;
    });
    openWindow();
    app.on('activate', () => {
      if (BrowserWindow.getAllWindows().length === 0) openWindow();
    });
  }).catch((error: unknown) => {
    process.stderr.write(`Sightline could not start: ${(error as Error).message}\n`);
    // Launched from a menu, nobody reads stderr: say why in a box.
    if (error instanceof LockHeldError) dialog.showErrorBox('Sightline is already running', error.message);
    app.exit(1);
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  let closing = false;
  app.on('before-quit', (event) => {
    if (!backend || closing) return;
    closing = true;
    event.preventDefault();
    const running = backend;
    void shutDownGracefully({ health, drain: () => running.close() }).finally(() => app.quit());
  });
}
