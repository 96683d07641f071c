import { randomUUID } from 'node:crypto';
import { transaction } from '../../db/connection';
import { insertStatusPage, type StatusPageRow } from '../../db/repositories/status-pages';
import { StatusPageInput, type StatusPageView } from '../../../src-shared/schemas/status-page-resource';
import type { ServiceContext } from '../context';
import { parseOrThrow } from '../validation';
import { assertCardServicesExist, assertUrlFree, loadStatusPageView, pageMembers, writeStatusPage } from './page-store';

/** A new page's updated_at equals its created_at (the public read shape does not allow null). */
export function createStatusPage(ctx: ServiceContext, input: unknown): StatusPageView {
  const body = parseOrThrow(StatusPageInput, input);
  return transaction(ctx.db, (tx) => {
    assertUrlFree(tx, body.url, null);
    assertCardServicesExist(tx, ctx.accountId, body);
    const now = ctx.clock.now().toISOString();
    const row: StatusPageRow = { id: randomUUID(), accountId: ctx.accountId, ...pageMembers(body), published: body.published ?? false, createdAt: now, updatedAt: now };
    insertStatusPage(tx, row);
    writeStatusPage(tx, row, body, now);
    return loadStatusPageView(tx, row);
  });
}
