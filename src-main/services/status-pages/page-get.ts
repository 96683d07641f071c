import type { StatusPageView } from '../../../src-shared/schemas/status-page-resource';
import type { ServiceContext } from '../context';
import { loadStatusPageView, requireStatusPage } from './page-store';

export function getStatusPage(ctx: ServiceContext, id: string): StatusPageView {
  return loadStatusPageView(ctx.db, requireStatusPage(ctx.db, ctx.accountId, id));
}
