import { AppError } from '../../core/errors';
import { transaction } from '../../db/connection';
import { findStatusPageService, listStatusPageServices } from '../../db/repositories/status-page-services';
import { checkNamesOfAccount, checksOfServices, countAccountChecks, replaceServiceChecks, serviceCheckLinksOfAccount } from '../../db/repositories/status-page-service-checks';
import { ServiceChecksInput, type CheckRef, type ServiceCheckLinks } from '../../../src-shared/schemas/status-page-public';
import type { ServiceContext } from '../context';
import { parseOrThrow } from '../validation';

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
export function setServiceChecks(ctx: ServiceContext, input: unknown): { serviceId: string; checks: CheckRef[] } {
  const body = parseOrThrow(ServiceChecksInput, input);
  return transaction(ctx.db, (tx) => {
    if (!findStatusPageService(tx, ctx.accountId, body.id)) throw AppError.notFound();
    if (countAccountChecks(tx, ctx.accountId, body.checkIds) !== body.checkIds.length) {
      throw new AppError('validation', 'checkIds: every id must be a check of this account (one was deleted or never existed)');
    }
    replaceServiceChecks(tx, body.id, body.checkIds);
    return { serviceId: body.id, checks: checksOfServices(tx, [body.id]).map((check) => ({ id: check.checkId, name: check.checkName })) };
  });
}
