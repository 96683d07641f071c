import { and, desc, eq, notInArray } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { codeBundles } from '../schema';

/** Stores a bundle and drops the account's older ones beyond `keep` (one transaction by the caller). */
export async function insertCodeBundle(db: Db, row: { key: string; accountId: string; content: Buffer; createdAt: number }, keep: number): Promise<void> {
  await ready(db);
  db.insert(codeBundles).values({ ...row, size: row.content.length }).run();
  const newest = db
    .select({ key: codeBundles.key })
    .from(codeBundles)
    .where(eq(codeBundles.accountId, row.accountId))
    .orderBy(desc(codeBundles.createdAt), desc(codeBundles.key))
    .limit(keep)
    .all()
    .map((r) => r.key);
  db.delete(codeBundles)
    .where(and(eq(codeBundles.accountId, row.accountId), notInArray(codeBundles.key, newest)))
    .run();
}

export async function findCodeBundle(db: Db, accountId: string, key: string): Promise<{ key: string; size: number; content: Buffer } | undefined> {
  await ready(db);
  return db
    .select({ key: codeBundles.key, size: codeBundles.size, content: codeBundles.content })
    .from(codeBundles)
    .where(and(eq(codeBundles.accountId, accountId), eq(codeBundles.key, key)))
    .get();
}

export async function countCodeBundles(db: Db, accountId: string): Promise<number> {
  await ready(db);
  return db.select({ key: codeBundles.key }).from(codeBundles).where(eq(codeBundles.accountId, accountId)).all().length;
}
