import { AppError } from '../../core/errors';
import { findCheck } from '../../db/repositories/checks';
import { findCheckNum, locationCodeOf, locationNames } from '../../db/repositories/runs';
import { countResults, listResults, RESULT_TYPE_CODE, type ResultFilter } from '../../db/repositories/runs-results';
import { RESULT_WINDOW_SECONDS, type CheckResult, type CheckResultListQuery } from '../../../src-shared/schemas/check-result';
import type { ServiceContext } from '../context';
import { resultView } from './view';
import type { CheckResultListV2, CheckResultListV2Query, ResultField } from '../../../src-shared/schemas/check-result-v2';

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

/**
 * Which stored results a list of a check's results reads: the check's number and the location
 * asked for; null when nothing can match (another check type, no results yet, an unknown location).
 */
async function resultScopeOf(
  ctx: ServiceContext,
  checkId: string,
  query: { checkType?: string; location?: string },
): Promise<{ check: NonNullable<Awaited<ReturnType<typeof findCheck>>>; checkNum: number; location: number | undefined } | null> {
  const check = await findCheck(ctx.db, ctx.accountId, checkId);
  if (!check) throw AppError.notFound();
  if (query.checkType && query.checkType !== check.checkType) return null;
  const checkNum = await findCheckNum(ctx.db, ctx.accountId, checkId);
  if (checkNum === null) return null;
  if (!query.location) return { check, checkNum, location: undefined };
  const location = await locationCodeOf(ctx.db, query.location);
  return location === null ? null : { check, checkNum, location };
}

export async function listCheckResults(ctx: ServiceContext, checkId: string, query: CheckResultListQuery): Promise<CheckResultPage> {
  const scope = await resultScopeOf(ctx, checkId, query);
  if (!scope) return { items: [], total: 0, page: query.page, limit: query.limit };
  const { check, checkNum, location } = scope;
  const filter: ResultFilter = {
    checkNum,
    ...windowOf(query, Math.floor(ctx.clock.now().getTime() / 1000)),
    location,
    resultType: query.resultType === 'ALL' ? undefined : RESULT_TYPE_CODE[query.resultType],
    hasFailures: query.hasFailures,
  };
  const rows = await listResults(ctx.db, filter, query.limit, (query.page - 1) * query.limit);
  const names = await locationNames(ctx.db);
  const info = { checkId: check.id, name: check.name, checkType: check.checkType };
  return {
    items: await Promise.all(rows.map((row) => resultView(ctx.db, row, info, names.get(row.location) ?? 'unknown'))),
    total: await countResults(ctx.db, filter),
    page: query.page,
    limit: query.limit,
  };
}

/** The cursor is opaque to clients: the offset of the next page. */
const encodeCursor = (offset: number) => Buffer.from(`o:${offset}`).toString('base64url');

function decodeCursor(nextId: string | undefined): number {
  if (nextId === undefined) return 0;
  const match = /^o:(\d{1,9})$/.exec(Buffer.from(nextId, 'base64url').toString('utf8'));
  if (!match) throw new AppError('validation', 'nextId: not a cursor this server returned; pass the nextId of a previous page');
  return Number(match[1]);
}

function project(result: CheckResult, fields: readonly ResultField[] | undefined): CheckResultListV2['entries'][number] {
  if (!fields?.length) return result;
  const full = result as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    if (field === 'createdAt') out.createdAt = result.created_at;
    else if (field in full) out[field] = full[field];
  }
  return out;
}

/**
 * GET /v2/check-results/{checkId}: newest first, paged by an opaque `nextId` (null on the last page).
 * Unlike v1 there is no 6-hour window: without from/to it spans every retained result.
 */
export async function listCheckResultsV2(ctx: ServiceContext, checkId: string, query: CheckResultListV2Query): Promise<CheckResultListV2> {
  const scope = await resultScopeOf(ctx, checkId, query);
  const offset = decodeCursor(query.nextId);
  if (!scope) return { length: 0, entries: [], nextId: null };
  const { check, checkNum, location } = scope;
  const filter: ResultFilter = {
    checkNum,
    fromMs: query.from === undefined ? 0 : query.from * 1000,
    toMs: query.to === undefined ? Number.MAX_SAFE_INTEGER : query.to * 1000,
    location,
    resultType: query.resultType === 'ALL' ? undefined : RESULT_TYPE_CODE[query.resultType],
    hasFailures: query.hasFailures,
  };
  // One row more than asked tells whether there is a next page.
  const rows = await listResults(ctx.db, filter, query.limit + 1, offset);
  const page = rows.slice(0, query.limit);
  const names = await locationNames(ctx.db);
  const info = { checkId: check.id, name: check.name, checkType: check.checkType };
  const entries = await Promise.all(page.map(async (row) => project(await resultView(ctx.db, row, info, names.get(row.location) ?? 'unknown'), query.fields)));
  return { length: entries.length, entries, nextId: rows.length > query.limit ? encodeCursor(offset + query.limit) : null };
}
