import { IcmpMonitorCreate, IcmpMonitorUpdate } from '../../../src-shared/schemas/icmp-monitor';
import { MultiStepCheckCreate, MultiStepCheckUpdate } from '../../../src-shared/schemas/multistep-check';
import { TracerouteMonitorCreate, TracerouteMonitorUpdate } from '../../../src-shared/schemas/traceroute-monitor';
import type { CheckTypeDefinition } from './check-type';

export const ICMP_CHECK: CheckTypeDefinition = { checkType: 'ICMP', create: IcmpMonitorCreate, update: IcmpMonitorUpdate, mergedObjects: ['request'] };

export const TRACEROUTE_CHECK: CheckTypeDefinition = {
  checkType: 'TRACEROUTE',
  create: TracerouteMonitorCreate,
  update: TracerouteMonitorUpdate,
  mergedObjects: ['request'],
};

export const MULTI_STEP_CHECK: CheckTypeDefinition = { checkType: 'MULTI_STEP', create: MultiStepCheckCreate, update: MultiStepCheckUpdate, mergedObjects: [] };
