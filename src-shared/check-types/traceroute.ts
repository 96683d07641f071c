import { z } from 'zod';
import { TracerouteCheckResult } from '../schemas/result-payloads';
import { TracerouteMonitorCreate, TracerouteMonitorRead, TracerouteMonitorUpdate, TracerouteRunInput } from '../schemas/traceroute-monitor';
import { defineCheckType } from './define';

export const TRACEROUTE_CHECK_TYPE = defineCheckType({
  checkType: 'TRACEROUTE',
  name: 'traceroute',
  noun: 'monitor',
  article: 'a',
  segment: 'traceroute',
  procedure: 'Traceroute',
  create: TracerouteMonitorCreate,
  update: TracerouteMonitorUpdate,
  read: TracerouteMonitorRead,
  mergedObjects: ['request'],
  run: {
    input: TracerouteRunInput,
    timeoutMs: () => 120_000,
    takesVariables: false,
    // Traceroute runs mostly wait on the network.
    lane: { defaultCapacity: () => 32, defaultsText: '32' },
  },
  result: {
    key: 'tracerouteCheckResult',
    schema: TracerouteCheckResult,
    // The public API types it loosely: a TracerouteCheckResult plus assertions and requestError.
    api: z.record(z.string(), z.unknown()),
    detailKey: 'traceroute',
    toDetail: (payload) => payload,
    fromDetail: (stored, { assertions, requestError }) => (stored ? { ...(stored as TracerouteCheckResult), assertions, requestError } : null),
  },
});
