import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { takeFolderLock } from './folder-lock';

/** Each process's temporary folders (the warm runtime's, multi-step workspaces, the sandbox probe) live in one `sightline-tmp-*` folder of the system's. */
export const TEMP_ROOT_PREFIX = 'sightline-tmp-';
const OWNER_LOCK = 'owner.lock';
/** A folder with no owner lock yet is being created (mkdtemp, then the lock, within milliseconds); older, its creator died in between. */
const UNCLAIMED_GRACE_MS = 60_000;

export interface TempRoot {
  /** The folder to make temporary folders in (ExecutorDeps.tempRoot). */
  path: string;
  /** Removes the folder and everything in it; at the end of the process's life, after its runs. */
  release(): void;
}

/**
 * Removes the temporary folders of processes that are gone (a SIGKILL, a crash, a power cut leave
 * them behind), then makes this process's own. Ownership is a lock on `owner.lock` inside each
 * folder — the data folder's kind of lock (folder-lock.ts): the OS drops it when its process ends,
 * it holds across PID namespaces and is never fooled by a reused pid, so another live server's
 * folders (another data folder, another user's agent) are never touched.
 */
export function claimTempRoot(options: { base?: string; nativeBinding?: string } = {}): TempRoot {
  const base = options.base ?? tmpdir();
  removeAbandonedTempRoots(base, options.nativeBinding);
  const path = mkdtempSync(join(base, TEMP_ROOT_PREFIX));
  const lock = takeFolderLock(join(path, OWNER_LOCK), options.nativeBinding);
  if (!lock) throw new Error(`the new temporary folder ${path} is locked by another process`);
  let released = false;
  return {
    path,
    release() {
      if (released) return;
      released = true;
      lock.release();
      rmSync(path, { recursive: true, force: true, maxRetries: 3 });
    },
  };
}

/** The `sightline-tmp-*` folders of `base` whose owner is gone, removed; returns their paths. */
export function removeAbandonedTempRoots(base: string, nativeBinding?: string): string[] {
  let names: string[];
  try {
    names = readdirSync(base).filter((name) => name.startsWith(TEMP_ROOT_PREFIX));
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const folder = join(base, name);
    if (!isAbandoned(folder, nativeBinding)) continue;
    try {
      rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
      removed.push(folder);
    } catch {
      // Another user's folder, or one another starting process removes at the same time: not ours to insist on.
    }
  }
  return removed;
}

function isAbandoned(folder: string, nativeBinding?: string): boolean {
  try {
    if (!statSync(folder).isDirectory()) return false;
    const lockPath = join(folder, OWNER_LOCK);
    let lockStat;
    try {
      lockStat = statSync(lockPath);
    } catch {
      return Date.now() - statSync(folder).mtimeMs > UNCLAIMED_GRACE_MS;
    }
    if (!lockStat.isFile()) return false;
    // Taking the lock is the only sound test: it is free exactly when its owner is gone.
    const probe = takeFolderLock(lockPath, nativeBinding);
    if (!probe) return false;
    probe.release();
    return true;
  } catch {
    // Unreadable (another user's) or gone meanwhile: leave it.
    return false;
  }
}
