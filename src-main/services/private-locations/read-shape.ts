import { AppError } from '../../core/errors';
import type { Db } from '../../db/connection';
import {
  findPrivateLocation,
  listAgentsOfLocations,
  listKeysOfLocations,
  type AgentRow,
  type PrivateLocationKeyRow,
  type PrivateLocationRow,
} from '../../db/repositories/private-locations';
import type { PrivateLocationKey, PrivateLocationRead, RunningAgent } from '../../../src-shared/schemas/private-location';
import type { ServiceContext } from '../context';
import { NOT_CODE_MANAGED, projectMembersOf } from '../project-bindings';

/** An agent counts as running while it was seen within this many heartbeat intervals. */
const RUNNING_WITHIN_HEARTBEATS = 3;

/** The key itself only in the answer that made it; later reads can show only its masked form (it is stored hashed). */
export function keyRead(row: PrivateLocationKeyRow, rawKey?: string): PrivateLocationKey {
  return { id: row.id, rawKey: rawKey ?? row.maskedKey, maskedKey: row.maskedKey, created_at: row.createdAt, updated_at: row.updatedAt };
}

function runningAgentsOf(agents: AgentRow[], since: number): RunningAgent[] {
  const byVersion = new Map<string, RunningAgent>();
  for (const agent of agents) {
    if (agent.lastSeenAt < since) continue;
    const entry = byVersion.get(agent.version) ?? { version: agent.version, isOutdated: false, count: 0, agents: [] };
    entry.count++;
    entry.agents.push({ id: agent.id, lastSeenAt: new Date(agent.lastSeenAt).toISOString(), hostname: agent.hostname });
    byVersion.set(agent.version, entry);
  }
  return [...byVersion.values()];
}

export interface ReadShapeOptions {
  now: number;
  heartbeatIntervalMs: number;
  /** The raw key of a key created by this call, shown once. */
  rawKeys?: Map<string, string>;
}

export async function findOrThrow(db: Db, accountId: string, id: string): Promise<PrivateLocationRow> {
  const row = await findPrivateLocation(db, accountId, id);
  if (!row) throw new AppError('not_found', `Private location ${id} not found`);
  return row;
}

export function readOptions(ctx: ServiceContext, rawKeys?: Map<string, string>): ReadShapeOptions {
  return { now: ctx.clock.now().getTime(), heartbeatIntervalMs: ctx.runtime.agentJobs.settings.heartbeatIntervalMs, rawKeys };
}

/** Locations with their keys (masked) and the agents that registered with them. */
export async function privateLocationReads(db: Db, rows: PrivateLocationRow[], options: ReadShapeOptions): Promise<PrivateLocationRead[]> {
  const ids = rows.map((row) => row.id);
  const keys = await listKeysOfLocations(db, ids);
  const agents = await listAgentsOfLocations(db, ids);
  const since = options.now - RUNNING_WITHIN_HEARTBEATS * options.heartbeatIntervalMs;
  const members = rows.length === 0 ? new Map() : await projectMembersOf(db, rows[0].accountId, 'private-location', ids);
  return rows.map((row) => {
    const own = agents.filter((agent) => agent.locationId === row.id);
    const running = runningAgentsOf(own, since);
    const lastSeen = own.reduce<number | null>((latest, agent) => (latest === null || agent.lastSeenAt > latest ? agent.lastSeenAt : latest), null);
    return {
      id: row.id,
      name: row.name,
      slugName: row.slugName,
      icon: row.icon,
      created_at: row.createdAt,
      updated_at: row.updatedAt,
      keys: keys.filter((key) => key.locationId === row.id).map((key) => keyRead(key, options.rawKeys?.get(key.id))),
      proxyUrl: row.proxyUrl,
      lastSeen: lastSeen === null ? null : new Date(lastSeen).toISOString(),
      agentCount: running.reduce((sum, entry) => sum + entry.count, 0),
      runningAgents: running,
      projectBindings: (members.get(row.id) ?? NOT_CODE_MANAGED).projectBindings,
    };
  });
}
