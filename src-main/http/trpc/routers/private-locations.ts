import { z } from 'zod';
import {
  createPrivateLocation,
  createPrivateLocationKey,
  deletePrivateLocationById,
  deletePrivateLocationKeyById,
  getPrivateLocation,
  listPrivateLocationReads,
  updatePrivateLocationById,
} from '../../../services/private-locations';
import { PrivateLocationCreate, PrivateLocationUpdate } from '../../../../src-shared/schemas/private-location';
import { adminProcedure, authedProcedure, router } from '../init';

const ById = z.object({ id: z.string().min(1) });

export const privateLocationsRouter = router({
  list: authedProcedure.query(({ ctx }) => listPrivateLocationReads(ctx.service)),
  get: authedProcedure.input(ById).query(({ ctx, input }) => getPrivateLocation(ctx.service, input.id)),
  // Creating a location mints its first agent key: ADMIN, as for createKey.
  create: adminProcedure.input(PrivateLocationCreate).mutation(({ ctx, input }) => createPrivateLocation(ctx.service, input)),
  update: authedProcedure
    .input(z.object({ id: z.string().min(1), patch: PrivateLocationUpdate }))
    .mutation(({ ctx, input }) => updatePrivateLocationById(ctx.service, input.id, input.patch)),
  delete: authedProcedure.input(ById).mutation(async ({ ctx, input }) => {
    await deletePrivateLocationById(ctx.service, input.id);
    return { id: input.id };
  }),
  createKey: adminProcedure.input(ById).mutation(({ ctx, input }) => createPrivateLocationKey(ctx.service, input.id)),
  deleteKey: adminProcedure.input(z.object({ id: z.string().min(1), keyId: z.string().min(1) })).mutation(async ({ ctx, input }) => {
    await deletePrivateLocationKeyById(ctx.service, input.id, input.keyId);
    return { id: input.id, keyId: input.keyId };
  }),
});
