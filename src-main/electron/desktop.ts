import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { app, type BrowserWindow, dialog, Notification, protocol, session } from 'electron';
import { shutDownGracefully } from '../agent/graceful-shutdown';
import { startAgentProbes, type HealthServer } from '../agent/health-server';
import { boot, lockDataDir, LockHeldError, type Backend } from '../boot';
import { PROJECT_ROOT, resolveConfig, type Config } from '../core/config';
import { APP_SCHEME_PRIVILEGES, serveConsoleOverAppProtocol } from './app-protocol';
import { BACKGROUND_NOTICE } from './close-policy';
import { createConsoleWindow, showConsole } from './console-window';
import { startDesktopNotifier } from './desktop-notifier';
import { answerConsoleIpc } from './ipc';
import { launchedHidden } from './login-item';
import { APP_ORIGIN, denyAllPermissions } from './security';
import { claimSingleInstance } from './single-instance';
import { startTray, type DesktopTray } from './tray';
import { WindowStateFile } from './window-state';

const RENDERER_DIR = join(PROJECT_ROOT, 'out', 'renderer');

/** better-sqlite3 compiled for Electron's ABI: by electron-builder's install-app-deps in a package, else by `npm run build:electron-sqlite`. */
export const ELECTRON_SQLITE_BINDING = join(PROJECT_ROOT, 'out', 'native', 'better-sqlite3-electron', 'build', 'Release', 'better_sqlite3.node');

function sqliteBinding(): string | undefined {
  // A packaged app carries node_modules/better-sqlite3 rebuilt for Electron: its own binding loads as is.
  if (app.isPackaged) return undefined;
  if (!existsSync(ELECTRON_SQLITE_BINDING)) {
    throw new Error(`better-sqlite3 has not been built for Electron: run "npm run build:electron-sqlite" (looked for ${ELECTRON_SQLITE_BINDING})`);
  }
  return ELECTRON_SQLITE_BINDING;
}

async function startBackend(config: Config): Promise<Backend> {
  const nativeBinding = sqliteBinding();
  // A `sightline serve` on the app's folder holds this lock too; the retry below keeps the one lock.
  const dataDirLock = lockDataDir(config.dataDir, 'Sightline desktop app', nativeBinding);
  const options = { issueLaunchToken: true, nativeBinding, desktopOrigin: APP_ORIGIN, dataDirLock };
  try {
    return await boot(config, options);
  } catch (error) {
    // Another Sightline (or anything) holds 4310: the console learns the real port from the preload anyway.
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    return boot({ ...config, port: 0 }, options);
  }
}

export function startDesktop(): void {
  let backend: Backend | null = null;
  let health: HealthServer | null = null;
  let window: BrowserWindow | null = null;
  let tray: DesktopTray | null = null;
  let stopNotifier: () => void = () => undefined;
  let quitting = false;
  const stateFile = new WindowStateFile(app.getPath('userData'));
  const hidden = launchedHidden(process.argv);
  const openWindow = (show: boolean) => {
    window = createConsoleWindow({
      stateFile,
      hidden: !show,
      ownOrigins: () => [backend?.url ?? '', backend?.deps.runtime.baseUrl ?? ''].filter(Boolean),
      background: {
        isQuitting: () => quitting,
        trayShown: () => tray !== null,
        toldOnce: () => stateFile.current().toldAboutTray,
        tell: () => {
          stateFile.update({ toldAboutTray: true });
          if (Notification.isSupported()) new Notification(BACKGROUND_NOTICE).show();
        },
      },
    });
    window.on('closed', () => {
      window = null;
    });
  };
  const openConsole = (route?: string) => {
    if (!backend) return;
    if (!window || window.isDestroyed()) openWindow(true);
    if (window) showConsole(window, route);
  };
  const windows = { current: () => window, open: () => openConsole() };
  if (!claimSingleInstance(app, windows)) return;
  protocol.registerSchemesAsPrivileged([APP_SCHEME_PRIVILEGES]);
  app.on('web-contents-created', (_event, contents) => {
    // No webview, no new windows from any page, whatever created the contents.
    contents.on('will-attach-webview', (event) => event.preventDefault());
  });
  app.whenReady().then(async () => {
    denyAllPermissions(session.defaultSession);
    const config = resolveConfig({ dataDir: app.getPath('userData'), rendererDir: null });
    for (const ignored of config.ignoredSettings) process.stderr.write(`Warning: ${ignored}\n`);
    backend = await startBackend(config);
    const running = backend;
    serveConsoleOverAppProtocol(protocol, RENDERER_DIR, () => new URL(running.url).origin);
    // Like `sightline serve`: AGENT_HEALTH_PORT or 8081, and a free port (with a warning) when that one is taken.
    health = await startAgentProbes({ port: config.agentHealthPort, logger: running.deps.logger, freePortIfTaken: true, health: running.probeHealth });
    answerConsoleIpc({ apiBaseUrl: running.url, token: running.launchToken ?? '' }, () => window);
    try {
      tray = await startTray(running, { openConsole: () => openConsole(), quit: () => app.quit() });
    } catch (error) {
      // Some Linux desktops have no tray: closing then quits, as the window could not be found again.
      running.deps.logger.warn({ err: error }, 'no system tray: closing the window quits Sightline');
    }
    stopNotifier = startDesktopNotifier(running, (route) => openConsole(route));
    openWindow(!hidden);
    app.on('activate', () => openConsole());
  }).catch((error: unknown) => {
    process.stderr.write(`Sightline could not start: ${(error as Error).message}\n`);
    // Launched from a menu, nobody reads stderr: say why in a box.
    if (error instanceof LockHeldError) dialog.showErrorBox('Sightline is already running', error.message);
    app.exit(1);
  });

  app.on('window-all-closed', () => {
    // Reached only when the window really closed (no tray, or quitting): macOS keeps the app in the dock.
    if (process.platform !== 'darwin') app.quit();
  });
  let closing = false;
  app.on('before-quit', (event) => {
    quitting = true;
    if (!backend || closing) return;
    closing = true;
    event.preventDefault();
    const running = backend;
    stopNotifier();
    tray?.destroy();
    tray = null;
    void shutDownGracefully({ health, drain: () => running.close() }).finally(() => app.quit());
  });
}
