import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createCheck, updateMultiStepCheck } from '../../../services/checks';
import { MultiStepCheckCreate, MultiStepCheckRead, MultiStepCheckUpdate } from '../../../../src-shared/schemas/multistep-check';
import type { HttpDeps } from '../../deps';
import { monitorRoutes } from './monitor-routes';

export function multiStepRoutes(deps: HttpDeps): FastifyPluginAsyncZod {
  return monitorRoutes(deps, {
    segment: 'multistep',
    label: 'a multi-step check',
    createBody: MultiStepCheckCreate,
    updateBody: MultiStepCheckUpdate,
    read: MultiStepCheckRead,
    create: createCheck,
    update: updateMultiStepCheck,
  });
}
