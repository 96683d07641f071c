import { AppError } from '../../core/errors';
import type { Db } from '../../db/connection';
import { findPrivateLocation, type PrivateLocationRow } from '../../db/repositories/private-locations';
import type { ServiceContext } from '../context';
import type { ReadShapeOptions } from './read-shape';

export function findOrThrow(db: Db, accountId: string, id: string): PrivateLocationRow {
  const row = findPrivateLocation(db, accountId, id);
  if (!row) throw new AppError('not_found', `Private location ${id} not found`);
  return row;
}

export function readOptions(ctx: ServiceContext, rawKeys?: Map<string, string>): ReadShapeOptions {
  return { now: ctx.clock.now().getTime(), heartbeatIntervalMs: ctx.runtime.agentJobs.settings.heartbeatIntervalMs, rawKeys };
}
