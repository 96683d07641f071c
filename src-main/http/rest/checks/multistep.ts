import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createMultiStepCheck } from '../../../services/checks/create-multistep';
import { updateMultiStepCheck } from '../../../services/checks/update-multistep';
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
    create: createMultiStepCheck,
    update: updateMultiStepCheck,
  });
}
