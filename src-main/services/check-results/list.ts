import { AppError } from '../../core/errors';
import { findCheck } from '../../db/repositories/checks';
import { findCheckNum, locationCodeOf, locationNames } from '../../db/repositories/runs';
import { countResults, listResults, RESULT_TYPE_CODE, type ResultFilter } from '../../db/repositories/runs-results';
import { RESULT_WINDOW_SECONDS, type CheckResult, type CheckResultListQuery } from '../../../src-shared/schemas/check-result';
import type { ServiceContext } from '../context';
import { resultView } from './view';

export interface CheckResultPage {
  items: CheckResult[];
  total: number;
  page: number;
  limit: number;
}

/** The window rule of the public API: at most 6 hours; a missing end is filled from the other. */
function windowOf(query: CheckResultListQuery, nowSeconds: number): { fromMs: number; toMs: number } {
  const to = query.to ?? (query.from !== undefined ? query.from + RESULT_WINDOW_SECONDS : nowSeconds);
  const from = query.from ?? to - RESULT_WINDOW_SECONDS;
  // `to` is inclusive of its whole second.
  return { fromMs: from * 1000, toMs: to * 1000 + 1000 };
}

export function listCheckResults(ctx: ServiceContext, checkId: string, query: CheckResultListQuery): CheckResultPage {
  const check = findCheck(ctx.db, ctx.accountId, checkId);
  if (!check) throw AppError.notFound();
  if (query.checkType && query.checkType !== check.checkType) return { items: [], total: 0, page: query.page, limit: query.limit };
  const checkNum = findCheckNum(ctx.db, ctx.accountId, checkId);
  const empty = { items: [], total: 0, page: query.page, limit: query.limit };
  if (checkNum === null) return empty;
  let location: number | undefined;
  if (query.location) {
    const code = locationCodeOf(ctx.db, query.location);
    if (code === null) return empty;
    location = code;
  }
  const filter: ResultFilter = {
    checkNum,
    ...windowOf(query, Math.floor(ctx.clock.now().getTime() / 1000)),
    location,
    resultType: query.resultType === 'ALL' ? undefined : RESULT_TYPE_CODE[query.resultType],
    hasFailures: query.hasFailures,
  };
  const rows = listResults(ctx.db, filter, query.limit, (query.page - 1) * query.limit);
  const names = locationNames(ctx.db);
  const info = { checkId: check.id, name: check.name, checkType: check.checkType };
  return {
    items: rows.map((row) => resultView(ctx.db, row, info, names.get(row.location) ?? 'unknown')),
    total: countResults(ctx.db, filter),
    page: query.page,
    limit: query.limit,
  };
}
