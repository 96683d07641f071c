import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createCheck, updateTracerouteCheck } from '../../../services/checks';
import { TracerouteMonitorCreate, TracerouteMonitorRead, TracerouteMonitorUpdate } from '../../../../src-shared/schemas/traceroute-monitor';
import type { HttpDeps } from '../../deps';
import { monitorRoutes } from './monitor-routes';

export function tracerouteRoutes(deps: HttpDeps): FastifyPluginAsyncZod {
  return monitorRoutes(deps, {
    segment: 'traceroute',
    label: 'a traceroute monitor',
    createBody: TracerouteMonitorCreate,
    updateBody: TracerouteMonitorUpdate,
    read: TracerouteMonitorRead,
    create: createCheck,
    update: updateTracerouteCheck,
  });
}
