import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type * as Vite from 'vite';
import { PROJECT_ROOT } from './config';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** True when out/renderer is missing or older than a file in src-renderer or src-shared. */
export function consoleBuildIsStale(rendererDir: string): boolean {
  const index = join(rendererDir, 'index.html');
  if (!existsSync(index)) return true;
  const sources = [join(PROJECT_ROOT, 'src-renderer'), join(PROJECT_ROOT, 'src-shared')].filter(existsSync);
  const built = statSync(index).mtimeMs;
  return sources.some((dir) => newestMtime(dir) > built);
}

/** Builds the console with Vite so `npm run serve` works straight after `npm ci`. */
export async function ensureConsoleBuilt(rendererDir: string, log: (line: string) => void): Promise<void> {
  if (!existsSync(join(PROJECT_ROOT, 'src-renderer')) || !consoleBuildIsStale(rendererDir)) return;
  let vite: typeof Vite;
  try {
    vite = await import('vite');
  } catch {
    log('The console is not built and Vite is not installed: serving the API only.');
    return;
  }
  log('Building the console (once, after install or a change)...');
  await vite.build({ configFile: join(PROJECT_ROOT, 'vite.renderer.config.ts'), logLevel: 'warn' });
}
