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
  list: authedProcedure.query(async ({ ctx }) => await listPrivateLocationReads(ctx.service)),
  get: authedProcedure.input(ById).query(async ({ ctx, input }) => await getPrivateLocation(ctx.service, input.id)),
  // Creating a location mints its first agent key: ADMIN, as for createKey.
  create: adminProcedure.input(PrivateLocationCreate).mutation(async ({ ctx, input }) => await createPrivateLocation(ctx.service, input)),
  update: authedProcedure
    .input(z.object({ id: z.string().min(1), patch: PrivateLocationUpdate }))
    .mutation(async ({ ctx, input }) => await updatePrivateLocationById(ctx.service, input.id, input.patch)),
  delete: authedProcedure.input(ById).mutation(async ({ ctx, input }) => {
    await deletePrivateLocationById(ctx.service, input.id);
    return { id: input.id };
  }),
  createKey: adminProcedure.input(ById).mutation(async ({ ctx, input }) => await createPrivateLocationKey(ctx.service, input.id)),
  deleteKey: adminProcedure.input(z.object({ id: z.string().min(1), keyId: z.string().min(1) })).mutation(async ({ ctx, input }) => {
    await deletePrivateLocationKeyById(ctx.service, input.id, input.keyId);
    return { id: input.id, keyId: input.keyId };
  }),
});
