#!/usr/bin/env node
// `npm run dist`: builds main, preload and console, rebuilds better-sqlite3 for Electron with
// electron-builder's install-app-deps, packages the installers for this platform, and then puts
// Node's own better-sqlite3 build back, so `npm test` and `sightline serve` keep working.
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const run = (command, args) => execFileSync(command, args, { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' });

let failed = false;
try {
  run('npx', ['electron-vite', 'build']);
  run('npx', ['electron-builder', 'install-app-deps']);
  run('npx', ['electron-builder', '--config', 'electron-builder.config.cjs', '--publish', 'never', ...process.argv.slice(2)]);
} catch {
  failed = true;
} finally {
  run('npm', ['rebuild', 'better-sqlite3']);
}
process.exit(failed ? 1 : 0);
