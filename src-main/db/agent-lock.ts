import { createHash } from 'node:crypto';
import { mkdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { holdMachineName } from './machine-name-lock';
import { describeHolder, holderFileOf, LockHeldError, readHolder, takeProcessLock, type ProcessLock } from './process-lock';

/**
 * Where agents keep their locks: a remote agent has no data folder (its key and server come from
 * flags or the environment, and it stores nothing), so what it locks is its identity on this
 * machine. The per-user runtime folder, or a private folder in the temporary one.
 */
export function agentLockFolder(env: NodeJS.ProcessEnv = process.env): string {
  if (env.XDG_RUNTIME_DIR) return join(env.XDG_RUNTIME_DIR, 'sightline');
  const folder = join(tmpdir(), `sightline-${process.getuid?.() ?? 'user'}`);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  // A shared temporary folder: one that another user made could be used to hold our lock.
  if (process.getuid && statSync(folder).uid !== process.getuid()) throw new Error(`${folder} belongs to another user: set XDG_RUNTIME_DIR to a folder of your own`);
  return folder;
}

/**
 * One agent per key and server on a machine: a second one would only split the same location's
 * jobs with the first on the same network and CPU. Throws LockHeldError naming the running one.
 *
 * Two locks: the lock file, and (on Linux) an abstract socket name, which cannot be deleted while
 * its holder lives, so deleting the lock file does not let a second agent in (DECISIONS.md, "Issue 29").
 */
export async function lockAgent(serverUrl: string, key: string, env: NodeJS.ProcessEnv = process.env): Promise<ProcessLock> {
  const server = new URL(serverUrl).href.replace(/\/+$/, '');
  // The key is a secret: the file is named by a hash of it.
  const identity = createHash('sha256').update(`${server}\n${key}`).digest('hex').slice(0, 16);
  const folder = agentLockFolder(env);
  const name = `agent-${identity}`;
  const refusal = (holder: string) =>
    `An agent with this key for ${server} already runs on this machine: ${holder}.\n` +
    'Only one agent per key may run on a machine: stop that one first (to run more checks at once, raise its --lane-* capacities).';
  const machineName = await holdMachineName(`sightline-${name}`);
  if (!machineName) {
    const holder = readHolder(holderFileOf(folder, name));
    throw new LockHeldError(refusal(describeHolder(holder, 'a running agent whose lock file was deleted')), holder);
  }
  try {
    const lock = takeProcessLock({ folder, name, command: `sightline agent --server ${server}`, refusal });
    return {
      setAddress: (address) => lock.setAddress(address),
      release() {
        lock.release();
        machineName.release();
      },
    };
  } catch (error) {
    machineName.release();
    throw error;
  }
}
