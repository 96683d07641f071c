#!/usr/bin/env node
// Compiles a second copy of better-sqlite3 against Electron's ABI into out/native/, loaded by the
// desktop app through better-sqlite3's `nativeBinding` option. node_modules keeps the Node build,
// so `npm test` and `sightline serve` are unaffected. Needs Electron's headers (downloaded by node-gyp).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const source = join(root, 'node_modules', 'better-sqlite3');
const target = join(root, 'out', 'native', 'better-sqlite3-electron');
const binding = join(target, 'build', 'Release', 'better_sqlite3.node');

if (process.argv.includes('--if-missing') && existsSync(binding)) process.exit(0);

const electronVersion = JSON.parse(readFileSync(join(root, 'node_modules', 'electron', 'package.json'), 'utf8')).version;
rmSync(target, { recursive: true, force: true });
cpSync(source, target, { recursive: true, filter: (path) => !path.includes(`${join('better-sqlite3', 'build')}`) });

const env = { ...process.env };
// A user-level nodedir (Node's own headers) would override Electron's.
delete env.npm_config_nodedir;
delete env.NPM_CONFIG_NODEDIR;
process.stdout.write(`Building better-sqlite3 for Electron ${electronVersion} in ${target}\n`);
execFileSync(
  'npx',
  ['--yes', 'node-gyp@11', 'rebuild', '--release', `--target=${electronVersion}`, '--runtime=electron', '--dist-url=https://electronjs.org/headers'],
  { cwd: target, env, stdio: 'inherit' },
);
process.stdout.write(`Done: ${binding}\n`);
