import { AppError } from '../../core/errors';
import { transaction } from '../../db/connection';
import { setStatusPagePublished } from '../../db/repositories/status-pages';
import { StatusPagePublish } from '../../../src-shared/schemas/status-page-public';
import type { StatusPageView } from '../../../src-shared/schemas/status-page-resource';
import type { ServiceContext } from '../context';
import { parseOrThrow } from '../validation';
import { loadStatusPageView, requireStatusPage } from './page-store';

/** Publishes the page at /status/<url> (no key needed) or takes it off; nothing else changes. */
export function publishStatusPage(ctx: ServiceContext, input: unknown): StatusPageView {
  const { id, published } = parseOrThrow(StatusPagePublish, input);
  return transaction(ctx.db, (tx) => {
    if (!setStatusPagePublished(tx, ctx.accountId, id, published, ctx.clock.now().toISOString())) throw AppError.notFound();
    return loadStatusPageView(tx, requireStatusPage(tx, ctx.accountId, id));
  });
}
