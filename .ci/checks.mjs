#!/usr/bin/env node
// The static checks of `npm test` (tsc, ESLint, dependency-cruiser). Each of them keeps one core
// busy, so they run side by side, as many at once as there are cores: on CI's two cores that is
// about a minute less than one after the other (CI time, session 42). Each one's output is printed
// in one piece when it ends; the exit code is 1 when any failed.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';

const SCRIPTS = ['typecheck', 'lint', 'layers'];
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function run(script) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(npm, ['run', '--silent', script], { stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      process.stdout.write(`> npm run ${script}: ${code === 0 ? 'passed' : `FAILED (exit ${code})`} in ${seconds} s\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(code === 0);
    });
  });
}

const queue = [...SCRIPTS];
const lanes = Array.from({ length: Math.max(1, Math.min(availableParallelism(), queue.length)) }, async () => {
  let passed = true;
  for (let script = queue.shift(); script; script = queue.shift()) passed = (await run(script)) && passed;
  return passed;
});
process.exitCode = (await Promise.all(lanes)).every(Boolean) ? 0 : 1;
