#!/usr/bin/env node
// `npm test`: the static checks, vitest, then Playwright. vitest's files mostly wait (real-time
// periods, servers starting), using about half of CI's two cores, so the static checks (tsc, ESLint,
// dependency-cruiser) and the console's build for Playwright run beside it at low priority (nice 15:
// they take the idle core time, vitest keeps its own). Their output is printed in one piece when
// vitest ends; any failure fails the run, and Playwright runs only when everything before it passed,
// as with `checks && test:unit && test:e2e` (CI time, session 44).
import { spawn } from 'node:child_process';

const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Runs a command; with `capture`, its output is kept and answered instead of printed. */
function run(command, args, { capture = false, env = {} } = {}) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(command, args, { stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env }, shell: process.platform === 'win32' });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => resolve({ ok: code === 0, code: code ?? signal, seconds: Math.round((Date.now() - started) / 1000), output: Buffer.concat(output) }));
  });
}

const niced = (args) => (process.platform === 'linux' ? ['nice', ['-n', '15', ...args]] : [args[0], args.slice(1)]);

const checks = run(...niced(['node', '.ci/checks.mjs']), { capture: true });
const consoleBuild = run(...niced([npx, 'vite', 'build', '--config', 'vite.renderer.config.ts', '--logLevel', 'warn']), { capture: true });

const unit = await run(npm, ['run', 'test:unit']);
for (const [name, done] of [['static checks (npm run checks)', await checks], ['console build for Playwright (vite build)', await consoleBuild]]) {
  process.stdout.write(`\n> ${name}: ${done.ok ? 'passed' : `FAILED (exit ${done.code})`} in ${done.seconds} s, beside vitest\n`);
  process.stdout.write(done.output);
  if (!done.ok) process.exitCode = 1;
}
if (!unit.ok) process.exitCode = 1;
if (process.exitCode !== 1) {
  // The console is built: Playwright's global setup does not build it again.
  const e2e = await run(npm, ['run', 'test:e2e'], { env: { SIGHTLINE_E2E_CONSOLE_BUILT: '1' } });
  if (!e2e.ok) process.exitCode = 1;
}
