import type { Db } from '../../db/connection';
import { bindingsOfProjectPage, type BindingRow } from '../../db/repositories/projects';
import { nextTurn } from './slices';

/** Bindings read per turn of the event loop (5,000 at once held other requests 20–50 ms). */
const BINDINGS_PER_READ = 1_000;

/**
 * The project's bindings in id order, read a page per turn. Callers take bindingsStamp first and
 * compare it where they write, so a write between two pages is noticed, never half-read.
 */
export async function readBindingsInPages(db: Db, projectId: string): Promise<BindingRow[]> {
  const rows: BindingRow[] = [];
  for (let after: BindingRow | null = null; ; ) {
    const page = await bindingsOfProjectPage(db, projectId, after, BINDINGS_PER_READ);
    rows.push(...page);
    if (page.length < BINDINGS_PER_READ) break;
    after = page[page.length - 1] ?? null;
    await nextTurn();
  }
  return rows.sort((a, b) => a.id - b.id);
}
