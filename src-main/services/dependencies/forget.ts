import type { Db } from '../../db/connection';
import { removeDependencyOn } from '../../db/repositories/dependencies';

/** A deleted check leaves every `dependsOn` list that named it, so nothing is left pointing at nothing. */
export async function forgetDependenciesOn(tx: Db, accountId: string, checkId: string): Promise<void> {
  await removeDependencyOn(tx, accountId, checkId);
}
