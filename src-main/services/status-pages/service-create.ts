import { randomUUID } from 'node:crypto';
import { insertStatusPageService, type StatusPageServiceRow } from '../../db/repositories/status-page-services';
import { ServiceCreate, type StatusPageServiceView } from '../../../src-shared/schemas/status-page';
import type { ServiceContext } from '../context';
import { parseOrThrow } from '../validation';
import { toServiceView } from './read-shape';

export function createStatusPageService(ctx: ServiceContext, input: unknown): StatusPageServiceView {
  const body = parseOrThrow(ServiceCreate, input);
  const row: StatusPageServiceRow = {
    id: randomUUID(),
    accountId: ctx.accountId,
    name: body.name,
    createdAt: ctx.clock.now().toISOString(),
    updatedAt: null,
  };
  insertStatusPageService(ctx.db, row);
  return toServiceView(row);
}
