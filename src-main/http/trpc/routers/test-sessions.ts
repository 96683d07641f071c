import { getTestSession } from '../../../services/test-sessions';
import { TestSessionIdParams } from '../../../../src-shared/schemas/test-session';
import { authedProcedure, router } from '../init';

export const testSessionsRouter = router({
  /** The console's test-session page (where `testSessionLink` lands): the session and its check sessions. */
  get: authedProcedure.input(TestSessionIdParams).query(({ ctx, input }) => getTestSession(ctx.service, input.testSessionId)),
});
