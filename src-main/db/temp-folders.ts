import { mkdtempSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { takeFolderLock, type HeldFolderLock } from './folder-lock';

/** Each process's temporary folders (the warm runtime's, multi-step workspaces, the sandbox probe) live in one `sightline-tmp-*` folder of the system's. */
export const TEMP_ROOT_PREFIX = 'sightline-tmp-';
/** A folder being made: locked under this name, then renamed to its `sightline-tmp-*` name. */
const NEW_ROOT_PREFIX = 'sightline-tmpnew-';
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
  const { path, lock } = newLockedFolder(base, options.nativeBinding);
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

/**
 * A new `sightline-tmp-*` folder whose owner lock this process holds before any other process can
 * see it: it is made as `sightline-tmpnew-*`, locked, then renamed (the lock stays on the file). Made
 * under its final name, another server starting in the same instant could find its lock file not yet
 * locked, take it for abandoned, probe its lock (so this one found it busy) and remove the folder.
 */
function newLockedFolder(base: string, nativeBinding?: string): { path: string; lock: HeldFolderLock } {
  for (let attempt = 1; ; attempt++) {
    const fresh = mkdtempSync(join(base, NEW_ROOT_PREFIX));
    const lock = takeFolderLock(join(fresh, OWNER_LOCK), nativeBinding);
    if (!lock) throw new Error(`the new temporary folder ${fresh} is locked by another process`);
    const path = join(base, TEMP_ROOT_PREFIX + basename(fresh).slice(NEW_ROOT_PREFIX.length));
    try {
      renameSync(fresh, path);
      return { path, lock };
    } catch (error) {
      // The name is taken (a folder of the same random suffix): another one.
      lock.release();
      rmSync(fresh, { recursive: true, force: true });
      if (attempt >= 5) throw error;
    }
  }
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
  // A folder still being made (see newLockedFolder) whose maker died before renaming it.
  for (const name of readdirSafe(base).filter((n) => n.startsWith(NEW_ROOT_PREFIX))) {
    const folder = join(base, name);
    try {
      if (Date.now() - statSync(folder).mtimeMs <= UNCLAIMED_GRACE_MS) continue;
      rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
      removed.push(folder);
    } catch {
      // Gone meanwhile, or another user's.
    }
  }
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

function readdirSafe(base: string): string[] {
  try {
    return readdirSync(base);
  } catch {
    return [];
  }
}
