import { randomUUID } from 'node:crypto';
import { AppError } from '../../core/errors';
import { transaction } from '../../db/connection';
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
export function listStatusPageServicePage(ctx: ServiceContext, query: ServiceListQuery): ServicePage {
  const from = query.nextId ? requireCursor(findStatusPageService(ctx.db, ctx.accountId, query.nextId), 'service') : undefined;
  if (!query.paginated) {
    const rows = listStatusPageServices(ctx.db, ctx.accountId, null, from);
    return { length: rows.length, entries: rows.map(toServiceView), nextId: null };
  }
  const page = cutPage(listStatusPageServices(ctx.db, ctx.accountId, query.limit + 1, from), query.limit);
  return { length: page.rows.length, entries: page.rows.map(toServiceView), nextId: page.nextId };
}

export function getStatusPageService(ctx: ServiceContext, id: string): StatusPageServiceView {
  const row = findStatusPageService(ctx.db, ctx.accountId, id);
  if (!row) throw AppError.notFound();
  return toServiceView(row);
}

export function createStatusPageService(ctx: ServiceContext, body: ServiceCreate): StatusPageServiceView {
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

export function updateStatusPageService(ctx: ServiceContext, id: string, body: ServiceUpdate): StatusPageServiceView {
  const row = transaction(ctx.db, (tx) => {
    if (!renameStatusPageService(tx, ctx.accountId, id, body.name, ctx.clock.now().toISOString())) throw AppError.notFound();
    return findStatusPageService(tx, ctx.accountId, id);
  });
  if (!row) throw AppError.notFound();
  return toServiceView(row);
}

/** Incidents that named the service keep their other services; the link rows go with it. */
export function deleteStatusPageServiceById(ctx: ServiceContext, id: string): void {
  if (!deleteStatusPageService(ctx.db, ctx.accountId, id)) throw AppError.notFound();
}

/** Every service of the account with the checks behind it, and the checks an operator may pick. */
export function getServiceCheckLinks(ctx: ServiceContext): ServiceCheckLinks {
  const links = serviceCheckLinksOfAccount(ctx.db, ctx.accountId);
  const byService = new Map<string, CheckRef[]>();
  for (const link of links) {
    const list = byService.get(link.serviceId) ?? [];
    list.push({ id: link.checkId, name: link.checkName });
    byService.set(link.serviceId, list);
  }
  return {
    services: listStatusPageServices(ctx.db, ctx.accountId, null).map((service) => ({ serviceId: service.id, checks: byService.get(service.id) ?? [] })),
    checks: checkNamesOfAccount(ctx.db, ctx.accountId),
  };
}

/**
 * Operators choose which checks back a service: their hourly rollups make its uptime bars and their
 * latest results count towards its current state. The list replaces the one before.
 */
export function setServiceChecks(ctx: ServiceContext, body: ServiceChecksInput): { serviceId: string; checks: CheckRef[] } {
  return transaction(ctx.db, (tx) => {
    if (!findStatusPageService(tx, ctx.accountId, body.id)) throw AppError.notFound();
    if (countAccountChecks(tx, ctx.accountId, body.checkIds) !== body.checkIds.length) {
      throw new AppError('validation', 'checkIds: every id must be a check of this account (one was deleted or never existed)');
    }
    replaceServiceChecks(tx, body.id, body.checkIds);
    return { serviceId: body.id, checks: checksOfServices(tx, [body.id]).map((check) => ({ id: check.checkId, name: check.checkName })) };
  });
}
