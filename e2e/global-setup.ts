import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { electronRuntimeMissing, projectSelected } from './fixtures/electron-runtime';

const run = (command: string, args: string[], cwd: string) => execFileSync(command, args, { cwd, stdio: 'inherit' });

/**
 * The server serves the built console, so build it once before any test starts a server. The
 * desktop app (out/main, out/preload, out/renderer and better-sqlite3 for Electron's ABI) is built
 * only when the electron project runs and a runtime exists, so `npm test` here pays nothing for it.
 */
export default function globalSetup(): void {
  const repoRoot = fileURLToPath(new URL('..', import.meta.url));
  // `npm test` (.ci/test.mjs) builds it beside vitest and says so.
  if (projectSelected('web') && process.env.SIGHTLINE_E2E_CONSOLE_BUILT !== '1') run('npx', ['vite', 'build', '--config', 'vite.renderer.config.ts', '--logLevel', 'warn'], repoRoot);
  // Bundle the server's sources once (bin/server-bundle.mjs) so parallel workers' first servers do not each build it.
  execFileSync(process.execPath, ['bin/sightline.mjs', '--help'], { cwd: repoRoot, stdio: 'ignore' });
  if (projectSelected('electron') && electronRuntimeMissing() === null) {
    run('npx', ['electron-vite', 'build', '--logLevel', 'warn'], repoRoot);
    run('node', ['src-main/electron/build-native-sqlite.mjs', '--if-missing'], repoRoot);
  }
}
