import { AppError } from '../../core/errors';
import type { ClusterNodeView, ClusterView } from '../../../src-shared/rules/cluster';
import type { ServiceContext } from '../context';

export interface ClusterNodesView {
  /** This server's own view (as /health answers it). */
  self: ClusterView;
  /** Every server that beat in the last hour, oldest first: one on SQLite, each on the team's PostgreSQL. */
  nodes: ClusterNodeView[];
}

/** The servers of the cluster, their roles and last heartbeat, for Settings (issue 35, item 6). */
export async function clusterNodes(ctx: ServiceContext): Promise<ClusterNodesView> {
  const cluster = ctx.runtime.cluster;
  if (!cluster) throw new AppError('unavailable', 'This process is not a server of a cluster.');
  try {
    return { self: cluster.view(), nodes: await cluster.nodes() };
  } catch (error) {
    // The team's database unreachable: this server still answers, and says what it cannot see.
    throw new AppError('unavailable', `The cluster's database did not answer (${error instanceof Error ? error.message : String(error)}): the servers cannot be listed now.`);
  }
}
