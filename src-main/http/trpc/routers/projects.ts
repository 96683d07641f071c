import { z } from 'zod';
import { codeOwnerOf, listProjects, projectDetail } from '../../../services/project-views';
import { CODE_RESOURCE_TYPES } from '../../../../src-shared/schemas/project-view';
import { authedProcedure, router } from '../init';

/** Monitoring as code, read-only in the console: projects change through `checkly deploy`, never here. */
export const projectsRouter = router({
  list: authedProcedure.query(({ ctx }) => listProjects(ctx.service)),
  get: authedProcedure.input(z.object({ id: z.string().min(1).max(100) })).query(({ ctx, input }) => projectDetail(ctx.service, input.id)),
  /** The project that owns a resource (null when the console manages it), for its page and its edit form. */
  ownerOf: authedProcedure
    .input(z.object({ type: z.enum(CODE_RESOURCE_TYPES), id: z.string().min(1).max(100) }))
    .query(({ ctx, input }) => codeOwnerOf(ctx.service, input.type, input.id)),
});
