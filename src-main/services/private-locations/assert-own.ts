import { AppError } from '../../core/errors';
import type { Db } from '../../db/connection';
import { findPrivateLocationBySlugKept } from '../../db/repositories/private-locations';
import { RESERVED_LOCATION_SLUG } from '../../../src-shared/schemas/private-location';

function asSlugs(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string').map((v) => v.toLowerCase()) : [];
}

/**
 * A check or group may run only in its own account's private locations (or `local`). Entries it
 * already had are kept without a check, so a PUT never fails over names it does not change. The
 * message is the same for a slug of another account as for one of no account: it reveals nothing.
 * A location found stays locked until commit, so a delete of it waits and counts this write's user.
 */
export async function assertOwnPrivateLocations(tx: Db, accountId: string, slugs: readonly string[] | null | undefined, stored?: unknown): Promise<void> {
  const kept = new Set(asSlugs(stored));
  const problems: string[] = [];
  for (const [index, slug] of (slugs ?? []).entries()) {
    const lower = slug.toLowerCase();
    if (lower === RESERVED_LOCATION_SLUG || kept.has(lower)) continue;
    if (await findPrivateLocationBySlugKept(tx, accountId, slug)) continue;
    problems.push(
      `privateLocations[${index}]: no private location "${slug}" in this account; create it first (POST /v1/private-locations, or Agent → Private locations in the console) or use "${RESERVED_LOCATION_SLUG}"`,
    );
  }
  if (problems.length) throw new AppError('validation', problems.join('; '));
}
