import { backendAgentHealth } from '../../../services/agent-status/index';
import { clusterNodes, getAgentCanaries, setAgentCanaries } from '../../../services/settings';
import { AgentCanariesInput } from '../../../../src-shared/schemas/agent-canaries';
import { adminProcedure, authedProcedure, router } from '../init';

export const agentRouter = router({
  /** Lanes of the embedded agent, runs skipped in the last hour by every agent, and the fix when saturated. */
  health: authedProcedure.query(({ ctx }) => backendAgentHealth(ctx.service)),
  /** The embedded agent's canaries, where they come from, and whether this key may change them. */
  canaries: authedProcedure.query(({ ctx }) => getAgentCanaries(ctx.service)),
  /** Sets them in Settings (the server's own account, OWNER or ADMIN keys); named hosts must answer now. */
  setCanaries: adminProcedure.input(AgentCanariesInput).mutation(({ ctx, input }) => setAgentCanaries(ctx.service, input)),
  /** The servers of the cluster (one on SQLite), their roles and last heartbeat. */
  clusterNodes: authedProcedure.query(({ ctx }) => clusterNodes(ctx.service)),
});
