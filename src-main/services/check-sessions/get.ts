import { AppError } from '../../core/errors';
import { findSession, type SessionWithCheck } from '../../db/repositories/runs-sessions';
import { decodeRunId } from '../../../src-shared/rules/run-ids';
import type { CheckSession } from '../../../src-shared/schemas/check-session';
import type { ServiceContext } from '../context';
import { sessionView } from './view';

/** The session of this account named by an API id; 404 for unknown, foreign or malformed ids. */
export function findAccountSession(ctx: ServiceContext, checkSessionId: string): SessionWithCheck {
  const id = decodeRunId('session', checkSessionId);
  const session = id === null ? undefined : findSession(ctx.db, id, ctx.accountId);
  if (!session) throw new AppError('not_found', 'No such check session.');
  return session;
}

export function getCheckSession(ctx: ServiceContext, checkSessionId: string): CheckSession {
  const session = findAccountSession(ctx, checkSessionId);
  return sessionView(ctx.db, session, ctx.runtime.baseUrl, ctx.clock.now().getTime());
}
