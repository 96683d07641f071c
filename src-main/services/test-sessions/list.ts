import { AppError } from '../../core/errors';
import { findSessions } from '../../db/repositories/runs-sessions';
import { readAppSetting } from '../../db/repositories/settings';
import { decodeTestSessionId } from '../../../src-shared/rules/test-session-ids';
import type { TestSessionList, TestSessionListEntry, TestSessionListQuery } from '../../../src-shared/schemas/test-session';
import type { ServiceContext } from '../context';
import { statusOf } from '../check-sessions';
import { getRecordedTestRun, storedTestSessions, TEST_SESSIONS_KEY, type StoredTestSession } from '../test-runs';
import { rollUp, testStatusOf } from './get';

const iso = (ms: number) => new Date(ms).toISOString();

const encodeCursor = (offset: number) => Buffer.from(`t:${offset}`).toString('base64url');

function decodeCursor(nextId: string | undefined): number {
  if (nextId === undefined) return 0;
  const match = /^t:(\d{1,6})$/.exec(Buffer.from(nextId, 'base64url').toString('utf8'));
  if (!match) throw new AppError('validation', 'nextId: not a cursor this server returned; pass the nextId of a previous page');
  return Number(match[1]);
}

async function entryOf(ctx: ServiceContext, stored: StoredTestSession): Promise<TestSessionListEntry | null> {
  const range = decodeTestSessionId(stored.id);
  if (!range) return await recordedEntryOf(ctx, stored.id);
  const sessions = await findSessions(ctx.db, Array.from({ length: range.count }, (_, i) => range.firstSessionId + i), ctx.accountId);
  // Retention pruned its sessions: nothing left to show.
  if (sessions.length === 0) return null;
  const buckets: Record<'running' | 'passed' | 'failed' | 'cancelled', string[]> = { running: [], passed: [], failed: [], cancelled: [] };
  const statuses = sessions.map((s) => {
    const status = testStatusOf(statusOf(s.status));
    buckets[status.toLowerCase() as keyof typeof buckets].push(s.checkId);
    return status;
  });
  const running = sessions.some((s) => s.stoppedAt === null);
  return {
    id: stored.id,
    name: stored.name,
    provider: 'TRIGGER',
    status: rollUp(statuses),
    startedAt: iso(stored.startedAt),
    stoppedAt: running ? null : iso(Math.max(...sessions.map((s) => s.stoppedAt ?? s.startedAt))),
    branchName: null,
    commitOwner: null,
    ...buckets,
  };
}

/** A recorded `checkly test` run: its checks are named by logicalId (no stored check ran). */
async function recordedEntryOf(ctx: ServiceContext, id: string): Promise<TestSessionListEntry | null> {
  const run = await getRecordedTestRun(ctx, id);
  if (!run) return null;
  const pick = (status: string) => run.results.filter((r) => r.status === status).map((r) => r.checkId);
  const { testSessionId, name, provider, status, startedAt, stoppedAt } = run;
  return { id: testSessionId, name, provider, status, startedAt, stoppedAt, branchName: null, commitOwner: null, running: pick('RUNNING'), passed: pick('PASSED'), failed: pick('FAILED'), cancelled: pick('CANCELLED') };
}

/** GET /v1/test-sessions: the account's test sessions, newest first, paged by an opaque nextId. */
export async function listTestSessions(ctx: ServiceContext, query: TestSessionListQuery): Promise<TestSessionList> {
  const offset = decodeCursor(query.nextId);
  const search = query.textSearch?.toLowerCase();
  // Local test sessions come from `checkly trigger` (TRIGGER) or `checkly test` (CLI), with no Git branch and no invoking user.
  const providers = query.providers?.length ? new Set(query.providers.map((p) => p.toUpperCase())) : null;
  const impossible = (providers && !providers.has('TRIGGER') && !providers.has('CLI')) || query.branches?.length || query.users?.length;
  if (impossible) return { entries: [], length: 0, nextId: null };
  const candidates = storedTestSessions(await readAppSetting(ctx.db, ctx.accountId, TEST_SESSIONS_KEY)).filter(
    (s) =>
      (query.from === undefined || s.startedAt >= query.from * 1000) &&
      (query.to === undefined || s.startedAt < query.to * 1000) &&
      (search === undefined || s.name.toLowerCase().includes(search)),
  );
  const entries: TestSessionListEntry[] = [];
  let index = offset;
  for (; index < candidates.length && entries.length < query.limit; index++) {
    const entry = await entryOf(ctx, candidates[index]);
    if (entry && (!query.statuses?.length || query.statuses.includes(entry.status)) && (!providers || providers.has(entry.provider))) entries.push(entry);
  }
  return { entries, length: entries.length, nextId: index < candidates.length ? encodeCursor(index) : null };
}
