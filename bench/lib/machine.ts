import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { REPO_ROOT } from './server';

function run(command: string): string | null {
  try {
    return execSync(command, { encoding: 'utf8', cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] }).trim();
  } catch {
    return null;
  }
}

export function cpuModel(): string {
  try {
    const match = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'));
    return match ? match[1].trim() : 'unavailable';
  } catch {
    return 'unavailable';
  }
}

/** The machine in Markdown: what the figures of RESULTS.md were measured on. */
export function describeMachine(): string {
  const head = run('git rev-parse --short HEAD');
  const dirty = (run('git status --porcelain') ?? '').split('\n').filter(Boolean).length;
  const source = head ? `${head}${dirty ? ` with ${dirty} uncommitted change${dirty === 1 ? '' : 's'} in the working tree` : ''}` : 'not a git checkout';
  return [
    `- CPU: ${cpuModel()}`,
    `- nproc: ${run('nproc') ?? 'unavailable'}`,
    `- node: ${process.version}`,
    `- fping: ${(run('fping -v') ?? 'not installed').split('\n')[0].replace(/^fping: /, '')}`,
    `- kernel: ${run('uname -sr') ?? 'unavailable'}`,
    `- source: ${source}`,
    '- `free -g`:',
    '',
    '```',
    run('free -g') ?? 'unavailable',
    '```',
  ].join('\n');
}
