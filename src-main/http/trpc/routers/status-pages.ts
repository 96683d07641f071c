import { z } from 'zod';
import {
  addIncidentUpdate,
  createIncident,
  createStatusPage,
  createStatusPageService,
  deleteIncidentById,
  deleteIncidentUpdateById,
  deleteStatusPageById,
  deleteStatusPageServiceById,
  editIncident,
  editIncidentUpdate,
  getIncident,
  getIncidentUpdate,
  getServiceCheckLinks,
  getStatusPage,
  getStatusPageService,
  listIncidentPage,
  listIncidentUpdateViews,
  listPageSubscribers,
  listStatusPagePage,
  listStatusPageServicePage,
  publicStatusBase,
  publishStatusPage,
  removeSubscriber,
  setServiceChecks,
  subscriberCounts,
  updateStatusPage,
  updateStatusPageService,
} from '../../../services/status-pages';
import {
  CursorQuery,
  IncidentCreate,
  IncidentEdit,
  IncidentListQuery,
  IncidentUpdateCreate,
  IncidentUpdateEdit,
  ServiceCreate,
  ServiceListQuery,
  ServiceUpdate,
} from '../../../../src-shared/schemas/status-page';
import { ServiceChecksInput, StatusPagePublish } from '../../../../src-shared/schemas/status-page-public';
import { StatusPageInput } from '../../../../src-shared/schemas/status-page-resource';
import { authedProcedure, router } from '../init';

const ById = z.object({ id: z.string().min(1) });
const ByIncident = z.object({ incidentId: z.string().min(1) });
const ByUpdate = ByIncident.extend({ updateId: z.string().min(1) });

const servicesRouter = router({
  list: authedProcedure.input(ServiceListQuery).query(({ ctx, input }) => listStatusPageServicePage(ctx.service, input)),
  get: authedProcedure.input(ById).query(({ ctx, input }) => getStatusPageService(ctx.service, input.id)),
  create: authedProcedure.input(ServiceCreate).mutation(({ ctx, input }) => createStatusPageService(ctx.service, input)),
  update: authedProcedure
    .input(z.object({ id: z.string().min(1), body: ServiceUpdate }))
    .mutation(({ ctx, input }) => updateStatusPageService(ctx.service, input.id, input.body)),
  delete: authedProcedure.input(ById).mutation(async ({ ctx, input }) => {
    await deleteStatusPageServiceById(ctx.service, input.id);
    return { id: input.id };
  }),
  /** Which checks back each service (uptime bars and state on public pages). */
  checkLinks: authedProcedure.query(({ ctx }) => getServiceCheckLinks(ctx.service)),
  setChecks: authedProcedure.input(ServiceChecksInput).mutation(({ ctx, input }) => setServiceChecks(ctx.service, input)),
});

const incidentsRouter = router({
  list: authedProcedure.input(IncidentListQuery).query(({ ctx, input }) => listIncidentPage(ctx.service, input)),
  get: authedProcedure.input(ById).query(({ ctx, input }) => getIncident(ctx.service, input.id)),
  create: authedProcedure.input(IncidentCreate).mutation(({ ctx, input }) => createIncident(ctx.service, input)),
  update: authedProcedure
    .input(z.object({ id: z.string().min(1), body: IncidentEdit }))
    .mutation(({ ctx, input }) => editIncident(ctx.service, input.id, input.body)),
  delete: authedProcedure.input(ById).mutation(async ({ ctx, input }) => {
    await deleteIncidentById(ctx.service, input.id);
    return { id: input.id };
  }),
  listUpdates: authedProcedure.input(ByIncident).query(({ ctx, input }) => listIncidentUpdateViews(ctx.service, input.incidentId)),
  getUpdate: authedProcedure.input(ByUpdate).query(({ ctx, input }) => getIncidentUpdate(ctx.service, input.incidentId, input.updateId)),
  addUpdate: authedProcedure
    .input(ByIncident.extend({ body: IncidentUpdateCreate }))
    .mutation(({ ctx, input }) => addIncidentUpdate(ctx.service, input.incidentId, input.body)),
  editUpdate: authedProcedure
    .input(ByUpdate.extend({ body: IncidentUpdateEdit }))
    .mutation(({ ctx, input }) => editIncidentUpdate(ctx.service, input.incidentId, input.updateId, input.body)),
  deleteUpdate: authedProcedure.input(ByUpdate).mutation(async ({ ctx, input }) => {
    await deleteIncidentUpdateById(ctx.service, input.incidentId, input.updateId);
    return { incidentId: input.incidentId, updateId: input.updateId };
  }),
});

const pagesRouter = router({
  list: authedProcedure.input(CursorQuery).query(({ ctx, input }) => listStatusPagePage(ctx.service, input)),
  get: authedProcedure.input(ById).query(({ ctx, input }) => getStatusPage(ctx.service, input.id)),
  create: authedProcedure.input(StatusPageInput).mutation(({ ctx, input }) => createStatusPage(ctx.service, input)),
  update: authedProcedure
    .input(z.object({ id: z.string().min(1), body: StatusPageInput }))
    .mutation(({ ctx, input }) => updateStatusPage(ctx.service, input.id, input.body)),
  delete: authedProcedure.input(ById).mutation(async ({ ctx, input }) => {
    await deleteStatusPageById(ctx.service, input.id);
    return { id: input.id };
  }),
  publish: authedProcedure.input(StatusPagePublish).mutation(({ ctx, input }) => publishStatusPage(ctx.service, input)),
  /** Where the public pages are served: `<statusBaseUrl><url>`. */
  publicBase: authedProcedure.query(({ ctx }) => publicStatusBase(ctx.service)),
});

const subscribersRouter = router({
  list: authedProcedure.input(z.object({ statusPageId: z.string().min(1) })).query(({ ctx, input }) => listPageSubscribers(ctx.service, input.statusPageId)),
  counts: authedProcedure.query(({ ctx }) => subscriberCounts(ctx.service)),
  remove: authedProcedure.input(ById).mutation(async ({ ctx, input }) => {
    await removeSubscriber(ctx.service, input.id);
    return { id: input.id };
  }),
});

export const statusPagesRouter = router({
  pages: pagesRouter,
  services: servicesRouter,
  incidents: incidentsRouter,
  subscribers: subscribersRouter,
});
