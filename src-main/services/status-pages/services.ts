import { randomUUID } from 'node:crypto';
import { AppError } from '../../core/errors';
import { transaction } from '../../db/connection';
import { lockRowsForShare, lockRowsForUpdate } from '../../db/row-locks';
import { checkNamesOfAccount, checksOfServices, countAccountChecks, replaceServiceChecks, serviceCheckLinksOfAccount } from '../../db/repositories/status-page-service-checks';
import {
  deleteStatusPageService,
  findStatusPageService,
  insertStatusPageService,
  listStatusPageServices,
  renameStatusPageService,
  type StatusPageServiceRow,
} from '../../db/repositories/status-page-services';
import type { ServiceCreate, ServiceListQuery, ServicePage, ServiceUpdate, StatusPageServiceView } from '../../../src-shared/schemas/status-page';
import type { CheckRef, ServiceCheckLinks, ServiceChecksInput } from '../../../src-shared/schemas/status-page-public';
import type { ServiceContext } from '../context';
import { cutPage, requireCursor } from './paging';
import { toServiceView } from './read-shape';

/** Newest first; `paginated: false` answers every service in one page. */
export async function listStatusPageServicePage(ctx: ServiceContext, query: ServiceListQuery): Promise<ServicePage> {
  const from = query.nextId ? requireCursor(await findStatusPageService(ctx.db, ctx.accountId, query.nextId), 'service') : undefined;
  if (!query.paginated) {
    const rows = await listStatusPageServices(ctx.db, ctx.accountId, null, from);
    return { length: rows.length, entries: rows.map(toServiceView), nextId: null };
  }
  const page = cutPage(await listStatusPageServices(ctx.db, ctx.accountId, query.limit + 1, from), query.limit);
  return { length: page.rows.length, entries: page.rows.map(toServiceView), nextId: page.nextId };
}

export async function getStatusPageService(ctx: ServiceContext, id: string): Promise<StatusPageServiceView> {
  const row = await findStatusPageService(ctx.db, ctx.accountId, id);
  if (!row) throw AppError.notFound();
  return toServiceView(row);
}

export async function createStatusPageService(ctx: ServiceContext, body: ServiceCreate): Promise<StatusPageServiceView> {
  const row: StatusPageServiceRow = {
    id: randomUUID(),
    accountId: ctx.accountId,
    name: body.name,
    createdAt: ctx.clock.now().toISOString(),
    updatedAt: null,
  };
  await insertStatusPageService(ctx.db, row);
  return toServiceView(row);
}

export async function updateStatusPageService(ctx: ServiceContext, id: string, body: ServiceUpdate): Promise<StatusPageServiceView> {
  const row = await transaction(ctx.db, async (tx) => {
    if (!await renameStatusPageService(tx, ctx.accountId, id, body.name, ctx.clock.now().toISOString())) throw AppError.notFound();
    return await findStatusPageService(tx, ctx.accountId, id);
  });
  if (!row) throw AppError.notFound();
  return toServiceView(row);
}

/** Incidents that named the service keep their other services; the link rows go with it. */
export async function deleteStatusPageServiceById(ctx: ServiceContext, id: string): Promise<void> {
  if (!await deleteStatusPageService(ctx.db, ctx.accountId, id)) throw AppError.notFound();
}

/** Every service of the account with the checks behind it, and the checks an operator may pick. */
export async function getServiceCheckLinks(ctx: ServiceContext): Promise<ServiceCheckLinks> {
  const links = await serviceCheckLinksOfAccount(ctx.db, ctx.accountId);
  const byService = new Map<string, CheckRef[]>();
  for (const link of links) {
    const list = byService.get(link.serviceId) ?? [];
    list.push({ id: link.checkId, name: link.checkName });
    byService.set(link.serviceId, list);
  }
  return {
    services: (await listStatusPageServices(ctx.db, ctx.accountId, null)).map((service) => ({ serviceId: service.id, checks: byService.get(service.id) ?? [] })),
    checks: await checkNamesOfAccount(ctx.db, ctx.accountId),
  };
}

/**
 * Operators choose which checks back a service: their hourly rollups make its uptime bars and their
 * latest results count towards its current state. The list replaces the one before.
 */
export async function setServiceChecks(ctx: ServiceContext, body: ServiceChecksInput): Promise<{ serviceId: string; checks: CheckRef[] }> {
  return await transaction(ctx.db, async (tx) => {
    // The list is replaced (delete, then insert): two replacements of one service take turns.
    await lockRowsForUpdate(tx, 'status_page_services', 'id', [body.id]);
    if (!await findStatusPageService(tx, ctx.accountId, body.id)) throw AppError.notFound();
    // Kept until the commit: a check deleted meanwhile is this 400, not a failed foreign key.
    await lockRowsForShare(tx, 'check_rows', 'id', body.checkIds);
    if (await countAccountChecks(tx, ctx.accountId, body.checkIds) !== body.checkIds.length) {
      throw new AppError('validation', 'checkIds: every id must be a check of this account (one was deleted or never existed)');
    }
    await replaceServiceChecks(tx, body.id, body.checkIds);
    return { serviceId: body.id, checks: (await checksOfServices(tx, [body.id])).map((check) => ({ id: check.checkId, name: check.checkName })) };
  });
}
