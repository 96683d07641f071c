import { AppError } from '../../core/errors';
import { transaction } from '../../db/connection';
import type { CheckType } from '../../../src-shared/enums';
import { decodeRunId } from '../../../src-shared/rules/run-ids';
import { encodeTestSessionId, MAX_TEST_SESSION_CHECKS } from '../../../src-shared/rules/test-session-ids';
import type { CheckSession } from '../../../src-shared/schemas/check-session';
import type { TestSessionTriggerRequest, TestSessionTriggerResponse } from '../../../src-shared/schemas/test-session';
import type { ServiceContext } from '../context';
import { triggerCheckSessions } from '../check-sessions';
import { listTestSession } from '../test-runs';

export interface TriggeredTestSession extends TestSessionTriggerResponse {
  sessions: CheckSession[];
}

/**
 * POST /next/test-sessions/trigger (`checkly trigger`): one check session per matching check, like
 * the check-session trigger; the sessions together are the test session. Checks run where they are
 * configured to run (Sightline has no cloud regions to honour `runLocation`); `environmentVariables`
 * reach this run's multi-step scripts, a secret one sealed and scrubbed like a check's own.
 */
export async function triggerTestSession(ctx: ServiceContext, request: TestSessionTriggerRequest): Promise<TriggeredTestSession> {
  const runSource = request.shouldRecord === false ? 'TRIGGER_NO_RECORD' : 'TRIGGER_RECORD';
  const target = {
    checkId: request.checkId?.length ? request.checkId : undefined,
    matchTags: request.targetTags?.length ? request.targetTags : undefined,
  };
  const variables = (request.environmentVariables ?? []).map(({ key, value, secret }) => ({ key, value, secret: secret === true }));
  const sessions = await triggerCheckSessions(ctx, { target }, runSource, variables);
  if (sessions.length > MAX_TEST_SESSION_CHECKS) throw new AppError('validation', `A test session runs at most ${MAX_TEST_SESSION_CHECKS} checks; narrow the target with tags or check ids.`);
  const ids = sessions.map((s) => decodeRunId('session', s.checkSessionId) ?? 0);
  const first = Math.min(...ids);
  // One transaction inserted them, so their ids are consecutive.
  if (Math.max(...ids) - first + 1 !== ids.length) throw new Error('the sessions of one trigger are not consecutive');
  const testSessionId = encodeTestSessionId({ firstSessionId: first, count: ids.length });
  const name = request.name?.trim() || 'Triggered Session';
  const now = ctx.clock.now().getTime();
  await transaction(ctx.db, async (tx) => await listTestSession(tx, ctx.accountId, { id: testSessionId, name, startedAt: now }, now));
  const checks = sessions.map((s) => ({ id: s.checkId, name: s.name, checkType: s.checkType as CheckType }));
  // A check's results are published under its check session's id (the CLI calls it the sequence id).
  const sequenceIds = Object.fromEntries(sessions.map((s) => [s.checkId, s.checkSessionId]));
  return { testSessionId, checks, sequenceIds, sessions };
}
