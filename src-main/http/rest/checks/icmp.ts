import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createCheck, updateIcmpCheck } from '../../../services/checks';
import { IcmpMonitorCreate, IcmpMonitorRead, IcmpMonitorUpdate } from '../../../../src-shared/schemas/icmp-monitor';
import type { HttpDeps } from '../../deps';
import { monitorRoutes } from './monitor-routes';

export function icmpRoutes(deps: HttpDeps): FastifyPluginAsyncZod {
  return monitorRoutes(deps, {
    segment: 'icmp',
    label: 'an ICMP monitor',
    createBody: IcmpMonitorCreate,
    updateBody: IcmpMonitorUpdate,
    read: IcmpMonitorRead,
    create: createCheck,
    update: updateIcmpCheck,
  });
}
