import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { z } from 'zod';
import { takeFolderLock, type HeldFolderLock } from './folder-lock';

/** Who holds a lock, written next to it for the message a refused process prints; the lock itself decides. */
export const LockHolder = z.object({
  pid: z.number().int(),
  host: z.string(),
  command: z.string(),
  address: z.string().nullable(),
  startedAt: z.string(),
});
export type LockHolder = z.infer<typeof LockHolder>;

export interface ProcessLock {
  /** Records where the holder can be reached (the API's URL, the agent's probes) once it knows. */
  setAddress(address: string): void;
  release(): void;
}

export interface ProcessLockOptions {
  folder: string;
  /** File names: `<name>.lock` (the lock) and `<name>.lock-holder.json` (its holder's facts). */
  name: string;
  /** What the holder is, for the message; never the full command line, which may hold a key. */
  command: string;
  nativeBinding?: string;
  /** The message of the refusal, given the holder's description. */
  refusal: (holder: string) => string;
  /**
   * Asked once the lock file is ours: whether a holder still lives that the lock file no longer
   * shows (the file was deleted under it, and this process made a new one). True refuses the start.
   */
  heldElsewhere?: () => boolean;
  /** Who holds it when `heldElsewhere` said so and no live holder is on record. */
  heldElsewhereBy?: string;
}

/** A refusal to start because another process holds the lock; the CLI prints the message and exits 1. */
export class LockHeldError extends Error {
  constructor(
    message: string,
    readonly holder: LockHolder | null,
  ) {
    super(message);
    this.name = 'LockHeldError';
  }
}

/** Takes the exclusive lock `<folder>/<name>.lock` for this process's life, or throws LockHeldError. */
export function takeProcessLock(options: ProcessLockOptions): ProcessLock {
  mkdirSync(options.folder, { recursive: true });
  const held = takeFolderLock(join(options.folder, `${options.name}.lock`), options.nativeBinding);
  const holderFile = holderFileOf(options.folder, options.name);
  if (!held) {
    const holder = readHolder(holderFile);
    throw new LockHeldError(options.refusal(describeHolder(holder)), holder);
  }
  if (heldElsewhere(options, held)) {
    const holder = readHolder(holderFile);
    throw new LockHeldError(options.refusal(describeHolder(holder, options.heldElsewhereBy)), holder);
  }
  const holder: LockHolder = { pid: process.pid, host: hostname(), command: options.command, address: null, startedAt: new Date().toISOString() };
  writeHolder(holderFile, holder);
  return {
    setAddress(address) {
      holder.address = address;
      writeHolder(holderFile, holder);
    },
    release: () => held.release(),
  };
}

function heldElsewhere(options: ProcessLockOptions, held: HeldFolderLock): boolean {
  try {
    if (!options.heldElsewhere?.()) return false;
  } catch (error) {
    held.release();
    throw error;
  }
  held.release();
  return true;
}

function writeHolder(file: string, holder: LockHolder): void {
  // Renamed into place, so a refused process never reads half a file.
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, `${JSON.stringify(holder)}\n`);
  renameSync(partial, file);
}

/** `<folder>/<name>.lock-holder.json`: who holds the lock `<name>.lock`. */
export function holderFileOf(folder: string, name: string): string {
  return join(folder, `${name}.lock-holder.json`);
}

export function readHolder(file: string): LockHolder | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed = LockHolder.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** "pid 123 (sightline serve) at http://127.0.0.1:4310, running since …" */
export function describeHolder(holder: LockHolder | null, unknown = 'a process that is still starting (its details are not written yet)'): string {
  const sameHost = holder?.host === hostname();
  // A holder file of a process that is gone is the previous holder's: the new one has not written its own yet.
  if (!holder || (sameHost && !isAlive(holder.pid))) return unknown;
  const where = holder.address ? ` at ${holder.address}` : ', still starting';
  const host = sameHost ? '' : ` on host ${holder.host}`;
  return `pid ${holder.pid}${host} (${holder.command})${where}, running since ${holder.startedAt}`;
}
