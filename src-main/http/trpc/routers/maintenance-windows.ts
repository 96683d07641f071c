import { z } from 'zod';
import {
  createMaintenanceWindow,
  currentMaintenance,
  deleteMaintenanceWindow,
  getMaintenanceWindow,
  listMaintenanceWindowsNamed,
  startMaintenanceNow,
  updateMaintenanceWindow,
} from '../../../services/maintenance-windows';
import { MaintenanceStartNow, MaintenanceWindowCreate } from '../../../../src-shared/schemas/maintenance-window';
import { authedProcedure, router } from '../init';

const Id = z.object({ id: z.number().int().min(1) });

/** Maintenance windows (the REST /v1/maintenance-windows) plus "start maintenance now"; mutations need READ_WRITE. */
export const maintenanceWindowsRouter = router({
  /** With the names of the monitors and groups each window names (the REST list gives their ids only). */
  list: authedProcedure.query(({ ctx }) => listMaintenanceWindowsNamed(ctx.service)),
  get: authedProcedure.input(Id).query(({ ctx, input }) => getMaintenanceWindow(ctx.service, input.id)),
  create: authedProcedure.input(MaintenanceWindowCreate).mutation(({ ctx, input }) => createMaintenanceWindow(ctx.service, input)),
  update: authedProcedure
    .input(z.object({ id: Id.shape.id, window: MaintenanceWindowCreate }))
    .mutation(({ ctx, input }) => updateMaintenanceWindow(ctx.service, input.id, input.window)),
  delete: authedProcedure.input(Id).mutation(async ({ ctx, input }) => {
    await deleteMaintenanceWindow(ctx.service, input.id);
    return { id: input.id };
  }),
  /** Checks in maintenance now (the console's "maintenance" state). */
  current: authedProcedure.query(({ ctx }) => currentMaintenance(ctx.service)),
  startNow: authedProcedure.input(MaintenanceStartNow).mutation(({ ctx, input }) => startMaintenanceNow(ctx.service, input)),
});
