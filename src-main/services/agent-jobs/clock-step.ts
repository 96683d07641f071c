import { shiftWallTimes } from '../../db/repositories/agent-jobs';
import type { ServiceDeps } from '../context';

/**
 * The wall clock stepped (`stepMs`, negative: back) while no real time passed: the remote queue's
 * stored times follow it, so waiting jobs keep their real time left and no agent looks silent.
 */
export async function followWallClockStep(deps: ServiceDeps, stepMs: number): Promise<void> {
  await shiftWallTimes(deps.db, stepMs);
  deps.logger.info({ stepMs }, 'the remote agents\' queue follows the wall-clock step: waiting jobs, leases and last-heard times moved with it');
}
