import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The server serves the built console, so build it once before any test starts a server. */
export default function globalSetup(): void {
  const repoRoot = fileURLToPath(new URL('..', import.meta.url));
  execFileSync('npx', ['vite', 'build', '--config', 'vite.renderer.config.ts', '--logLevel', 'warn'], {
    cwd: repoRoot,
    stdio: 'inherit',
  });
}
