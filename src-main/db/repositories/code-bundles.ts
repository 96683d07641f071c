import { and, desc, eq, notInArray } from 'drizzle-orm';
import { type Db, ready } from '../connection';
import { codeBundles } from '../tables';
import { all, get, run } from "../dialect";

/** Stores a bundle and drops the account's older ones beyond `keep` (one transaction by the caller). */
export async function insertCodeBundle(db: Db, row: { key: string; accountId: string; content: Buffer; createdAt: number }, keep: number): Promise<void> {
  db = await ready(db);
  await run(db.insert(codeBundles).values({ ...row, size: row.content.length }));
  const newest = (await all(db
      .select({ key: codeBundles.key })
      .from(codeBundles)
      .where(eq(codeBundles.accountId, row.accountId))
      .orderBy(desc(codeBundles.createdAt), desc(codeBundles.key))
      .limit(keep)))
    .map((r) => r.key);
  await run(db.delete(codeBundles)
        .where(and(eq(codeBundles.accountId, row.accountId), notInArray(codeBundles.key, newest))));
}

export async function findCodeBundle(db: Db, accountId: string, key: string): Promise<{ key: string; size: number; content: Buffer } | undefined> {
  db = await ready(db);
  return await get(db
      .select({ key: codeBundles.key, size: codeBundles.size, content: codeBundles.content })
      .from(codeBundles)
      .where(and(eq(codeBundles.accountId, accountId), eq(codeBundles.key, key))));
}

export async function countCodeBundles(db: Db, accountId: string): Promise<number> {
  db = await ready(db);
  return (await all(db.select({ key: codeBundles.key }).from(codeBundles).where(eq(codeBundles.accountId, accountId)))).length;
}
