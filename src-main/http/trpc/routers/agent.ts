import { backendAgentHealth } from '../../../services/agent-status/index';
import { authedProcedure, router } from '../init';

export const agentRouter = router({
  /** Lanes of the embedded agent, runs skipped in the last hour by every agent, and the fix when saturated. */
  health: authedProcedure.query(({ ctx }) => backendAgentHealth(ctx.service)),
});
