import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Everything the bench starts or creates, so every exit path (normal end, a thrown error, Ctrl-C,
 * SIGTERM) kills the servers it spawned and removes its temporary folders.
 */
const children = new Set<ChildProcess>();
const dirs = new Set<string>();
const tasks = new Set<() => void>();
let keepDirs = false;
let installed = false;

export function keepTempDirs(keep: boolean): void {
  keepDirs = keep;
}

export function trackChild(child: ChildProcess): void {
  children.add(child);
  child.once('exit', () => children.delete(child));
}

/** Something else to undo at exit (synchronous; a failure is ignored). */
export function onCleanup(task: () => void): void {
  tasks.add(task);
}

export function makeTempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `sightline-bench-${prefix}-`));
  dirs.add(dir);
  return dir;
}

export function removeTempDir(dir: string): void {
  dirs.delete(dir);
  if (keepDirs) {
    process.stderr.write(`BENCH_KEEP=1: kept ${dir}\n`);
    return;
  }
  rmSync(dir, { recursive: true, force: true });
}

/** Synchronous: it also runs from process.on('exit'). */
export function cleanUpNow(): void {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        child.kill('SIGKILL');
      } catch {
        // already gone
      }
    }
  }
  children.clear();
  for (const dir of [...dirs]) removeTempDir(dir);
  for (const task of [...tasks]) {
    tasks.delete(task);
    try {
      task();
    } catch {
      // best effort: e.g. a cgroup whose last process is still exiting
    }
  }
}

export function installCleanup(): void {
  if (installed) return;
  installed = true;
  process.on('exit', cleanUpNow);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      process.stderr.write(`\n${signal}: stopping the servers and removing temporary folders\n`);
      cleanUpNow();
      process.exit(130);
    });
  }
}
