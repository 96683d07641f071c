import { performance } from 'node:perf_hooks';
import { transaction, type Db } from '../../../db/connection';

/**
 * Runs write transactions one at a time, yielding to the event loop after each, and keeps the
 * longest one: with batches of a few thousand rows no writer waits for more than a few ms.
 */
export class Batches {
  count = 0;
  longestMs = 0;

  constructor(
    private readonly db: Db,
    private readonly isStopped: () => boolean,
  ) {}

  get stopped(): boolean {
    return this.isStopped();
  }

  async write<T>(work: (tx: Db) => Promise<T>): Promise<T> {
    return await this.timed(() => transaction(this.db, work));
  }

  /** Work that takes the write lock by itself (a pragma). */
  async timed<T>(work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    const result = await work();
    this.longestMs = Math.max(this.longestMs, performance.now() - started);
    this.count += 1;
    await yieldToEventLoop();
    return result;
  }
}

export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Checks visited by one per-check transaction at most (an index seek each when there is nothing to delete). */
const CHECKS_PER_TRANSACTION = 200;

/**
 * Applies a per-check delete to every check, `batchSize` rows per transaction across as many checks
 * as fit. Returns the rows deleted, or null when stopped before the end.
 */
export async function deletePerCheck(
  batches: Batches,
  checkNumsAfter: (cursor: number, limit: number) => Promise<number[]>,
  batchSize: number,
  deleteSome: (tx: Db, checkNum: number, limit: number) => Promise<number>,
): Promise<number | null> {
  let total = 0;
  for (let cursor = 0; ; ) {
    const checkNums = await checkNumsAfter(cursor, CHECKS_PER_TRANSACTION);
    if (checkNums.length === 0) return total;
    let i = 0;
    while (i < checkNums.length) {
      if (batches.stopped) return null;
      total += await batches.write(async (tx) => {
        let budget = batchSize;
        while (i < checkNums.length && budget > 0) {
          budget -= await deleteSome(tx, checkNums[i], budget);
          // A check that had fewer rows than the budget is done; otherwise the next batch continues it.
          if (budget > 0) i += 1;
        }
        return batchSize - budget;
      });
    }
    cursor = checkNums[checkNums.length - 1];
  }
}

/** Repeats a bounded delete until it deletes less than a full batch. Returns the rows deleted, or null when stopped. */
export async function deleteUntilDone(batches: Batches, batchSize: number, deleteSome: (tx: Db, limit: number) => Promise<number>): Promise<number | null> {
  let total = 0;
  for (;;) {
    if (batches.stopped) return null;
    const deleted = await batches.write((tx) => deleteSome(tx, batchSize));
    total += deleted;
    if (deleted < batchSize) return total;
  }
}
