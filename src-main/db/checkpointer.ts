import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/**
 * WAL checkpoints off the event loop. SQLite's automatic checkpoint runs inside the COMMIT of
 * whichever write pushes the WAL past 1,000 pages: it copies the WAL into the database file and
 * syncs both, in the committing (main) thread — a third of what a deploy of 5,000 checks held the
 * event loop for. The server's connection turns it off; a worker thread with its own connection
 * runs PASSIVE checkpoints (they never wait for, nor block, readers or the writer) every second.
 * A passive checkpoint copies what no reader still needs; the WAL is reused from its start once a
 * checkpoint completed, so it stays bounded. If the worker ever ends, the connection's automatic
 * checkpoint is switched back on: never a WAL that grows without end.
 */
export interface Checkpointer {
  stop(): Promise<void>;
}

/** The worker's code: plain CommonJS handed over as a string, so it runs the same from the sources, a bundle or a package. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.modulePath);
const db = new Database(workerData.file, workerData.nativeBinding ? { nativeBinding: workerData.nativeBinding } : {});
db.pragma('busy_timeout = 0');
let timer = null;
const tick = () => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch { /* busy: the next tick tries again */ }
  timer = setTimeout(tick, workerData.intervalMs);
};
timer = setTimeout(tick, workerData.intervalMs);
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearTimeout(timer);
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch {}
  db.close();
  parentPort.postMessage('stopped');
});
`;

export interface CheckpointerOptions {
  /** The database file the connection has open. */
  file: string;
  nativeBinding?: string;
  intervalMs?: number;
  onError?: (error: Error) => void;
}

export function startCheckpointer(sqlite: Database.Database, options: CheckpointerOptions): Checkpointer {
  const modulePath = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { modulePath, file: options.file, nativeBinding: options.nativeBinding ?? null, intervalMs: options.intervalMs ?? 1000 },
    resourceLimits: { maxOldGenerationSizeMb: 32 },
  });
  worker.unref();
  sqlite.pragma('wal_autocheckpoint = 0');
  let stopping = false;
  const fallBack = () => {
    if (sqlite.open) sqlite.pragma('wal_autocheckpoint = 1000');
  };
  worker.on('error', (error) => {
    fallBack();
    if (!stopping) options.onError?.(error);
  });
  worker.on('exit', () => fallBack());
  return {
    stop() {
      stopping = true;
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(deadline);
          fallBack();
          resolve();
        };
        // A worker that does not answer within a second is ended: closing must never hang on it.
        const deadline = setTimeout(() => void worker.terminate().then(done, done), 1000);
        worker.once('exit', done);
        worker.once('message', () => void worker.terminate().then(done, done));
        worker.postMessage('stop');
      });
    },
  };
}
