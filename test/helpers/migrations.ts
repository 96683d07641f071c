import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../src-main/core/config';

export const MIGRATIONS = join(PROJECT_ROOT, 'src-main', 'db', 'migrations');
export const MIGRATIONS_PG = join(PROJECT_ROOT, 'src-main', 'db', 'migrations-pg');

/**
 * A copy of the committed migrations up to `lastTag` (boot with it as `migrationsDir`): a database
 * as an older Sightline left it. `from`: the SQLite migrations, or MIGRATIONS_PG.
 */
export async function migrationsUpTo(lastTag: string, from: string = MIGRATIONS): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sightline-migrations-'));
  await cp(from, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  for (const entry of journal.entries.slice(last + 1)) await rm(join(dir, `${entry.tag}.sql`));
  journal.entries = journal.entries.slice(0, last + 1);
  await writeFile(journalPath, JSON.stringify(journal));
  return dir;
}
