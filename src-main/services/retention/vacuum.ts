import type { Db } from '../../db/connection';
import { freePages, vacuumPages } from '../../db/repositories/retention';
import type { Batches } from './batches';

/** Gives free pages back to the file system a few hundred at a time (each step holds the write lock). Returns the pages freed. */
export async function vacuumFreePages(batches: Batches, db: Db, pagesPerStep: number): Promise<number> {
  const before = freePages(db);
  let left = before;
  while (left > 0 && !batches.stopped) {
    await batches.timed(() => vacuumPages(db, Math.min(left, pagesPerStep)));
    const now = freePages(db);
    // Another connection may be holding pages; stop rather than spin.
    if (now >= left) break;
    left = now;
  }
  return before - left;
}
