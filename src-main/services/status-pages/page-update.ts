import { transaction } from '../../db/connection';
import { replaceStatusPage, type StatusPageRow } from '../../db/repositories/status-pages';
import { StatusPageInput, type StatusPageView } from '../../../src-shared/schemas/status-page-resource';
import type { ServiceContext } from '../context';
import { parseOrThrow } from '../validation';
import { assertCardServicesExist, assertUrlFree, loadStatusPageView, pageMembers, requireStatusPage, writeStatusPage } from './page-store';

/** PUT replaces the page: members not sent take their defaults (but `published` stays as it was), and the cards are the ones sent. */
export function updateStatusPage(ctx: ServiceContext, id: string, input: unknown): StatusPageView {
  const body = parseOrThrow(StatusPageInput, input);
  return transaction(ctx.db, (tx) => {
    const existing = requireStatusPage(tx, ctx.accountId, id);
    assertUrlFree(tx, body.url, id);
    assertCardServicesExist(tx, ctx.accountId, body);
    const now = ctx.clock.now().toISOString();
    const row: StatusPageRow = { ...existing, ...pageMembers(body), published: body.published ?? existing.published, updatedAt: now };
    replaceStatusPage(tx, row);
    writeStatusPage(tx, row, body, now);
    return loadStatusPageView(tx, row);
  });
}
