import { encodeRunId } from '../../../src-shared/rules/run-ids';
import type { ServiceContext } from '../context';
import { cancelCheckSession } from '../check-sessions';
import { findTestSessionParts } from './get';

/**
 * POST /v1/test-sessions/{id}/cancel (Ctrl-C in `checkly trigger`): every running check session of
 * the test session — or only those whose sequence ids (check session ids) are named — ends CANCELLED.
 */
export function cancelTestSession(ctx: ServiceContext, testSessionId: string, sequenceIds?: readonly string[]): void {
  const only = sequenceIds?.length ? new Set(sequenceIds.map((id) => id.toLowerCase())) : null;
  for (const session of findTestSessionParts(ctx, testSessionId)) {
    const checkSessionId = encodeRunId('session', session.id);
    if (session.stoppedAt === null && (!only || only.has(checkSessionId))) cancelCheckSession(ctx, checkSessionId);
  }
}
