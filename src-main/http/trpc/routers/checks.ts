import { z } from 'zod';
import {
  BulkCheckAction,
  bulkCheckAction,
  createCheck,
  deleteCheckById,
  getCheck,
  listCheckPage,
  monitorOverview,
  MonitorOverviewQuery,
  monitorTags,
  subscribeAllChecks,
  updateCheckOfType,
  type CheckPatch,
  type RunnableCheckCreate,
} from '../../../services/checks';
import { CHECK_TYPE_MODULES, RUN_TYPE_NAMES, type RunType, type RunTypeModule } from '../../../../src-shared/check-types';
import { CheckListQuery } from '../../../../src-shared/schemas/check-list';
import { authedProcedure, router } from '../init';
import { heartbeatStatus } from '../../../services/heartbeats';

const ById = z.object({ id: z.string().min(1) });
const patchOf = <T extends z.ZodType>(patch: T) => z.object({ id: z.string().min(1), patch });

// Each input is the type's own schema; the compiler does not follow K to the union the verbs take, hence the casts.
function createProcedure<K extends RunType>(type: K) {
  const create: RunTypeModule<K>['create'] = CHECK_TYPE_MODULES[type].create;
  return authedProcedure.input(create).mutation(({ ctx, input }) => createCheck(ctx.service, input as RunnableCheckCreate));
}

/** A type's PUT input: the check's id and the patch. */
type PatchInput<K extends RunType> = z.ZodObject<{ id: z.ZodString; patch: RunTypeModule<K>['update'] }>;

function updateProcedure<S extends z.ZodObject>(type: RunType, input: S) {
  return authedProcedure.input(input).mutation(async ({ ctx, input }) => {
    const parsed: Record<string, unknown> = input;
    return await updateCheckOfType(ctx.service, type, parsed.id as string, parsed.patch as CheckPatch);
  });
}

/** `checks.create{procedure}` and `checks.update{procedure}` of every check type that runs here (`createIcmp`, `updateIcmp`, …). */
type CheckTypeProcedures = { [K in RunType as `create${RunTypeModule<K>['procedure']}`]: ReturnType<typeof createProcedure<K>> } & {
  [K in RunType as `update${RunTypeModule<K>['procedure']}`]: ReturnType<typeof updateProcedure<PatchInput<K>>>;
};
const checkTypeProcedures = Object.fromEntries(
  RUN_TYPE_NAMES.flatMap((type) => [
    [`create${CHECK_TYPE_MODULES[type].procedure}`, createProcedure(type)],
    [`update${CHECK_TYPE_MODULES[type].procedure}`, updateProcedure(type, patchOf(CHECK_TYPE_MODULES[type].update))],
  ]),
) as CheckTypeProcedures;

export const checksRouter = router({
  list: authedProcedure.input(CheckListQuery).query(({ ctx, input }) => listCheckPage(ctx.service, input)),
  /** The Monitors list: health first, filtered, sorted and paged on the server, with each row's recent results and 24 h uptime. */
  overview: authedProcedure.input(MonitorOverviewQuery).query(({ ctx, input }) => monitorOverview(ctx.service, input)),
  tags: authedProcedure.query(({ ctx }) => monitorTags(ctx.service)),
  get: authedProcedure.input(ById).query(({ ctx, input }) => getCheck(ctx.service, input.id)),
  /** A heartbeat's ping URL and live state (last ping, deadline, why a deadline moved). */
  heartbeatStatus: authedProcedure.input(ById).query(({ ctx, input }) => heartbeatStatus(ctx.service, input.id)),
  ...checkTypeProcedures,
  delete: authedProcedure.input(ById).mutation(async ({ ctx, input }) => {
    await deleteCheckById(ctx.service, input.id);
    return { id: input.id };
  }),
  /** One action on many checks, each through its single-item verb, with an outcome per check. */
  bulk: authedProcedure.input(BulkCheckAction).mutation(({ ctx, input }) => bulkCheckAction(ctx.service, input)),
  /** An alert channel's "Subscribe all checks": every check not yet subscribed to it. */
  subscribeAll: authedProcedure
    .input(z.object({ alertChannelId: z.number().int().positive() }))
    .mutation(({ ctx, input }) => subscribeAllChecks(ctx.service, input.alertChannelId)),
});
