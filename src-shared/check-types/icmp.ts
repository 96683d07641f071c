import { IcmpMonitorCreate, IcmpMonitorRead, IcmpMonitorUpdate, IcmpRunInput } from '../schemas/icmp-monitor';
import { IcmpCheckResult, IcmpResultPayload } from '../schemas/result-payloads';
import { defineCheckType } from './define';

interface IcmpDetail {
  hostname: string | null;
  resolvedAddress: string | null;
  rawOutput?: string;
}

export const ICMP_CHECK_TYPE = defineCheckType({
  checkType: 'ICMP',
  name: 'ICMP',
  noun: 'monitor',
  article: 'an',
  segment: 'icmp',
  procedure: 'Icmp',
  create: IcmpMonitorCreate,
  update: IcmpMonitorUpdate,
  read: IcmpMonitorRead,
  mergedObjects: ['request'],
  run: {
    input: IcmpRunInput,
    // Ping needs about a second per packet.
    timeoutMs: (check) => check.request.pingCount * 1000 + 10_000,
    takesVariables: false,
    // Batched runs cost almost nothing each: thousands share a handful of fping processes. Without fping every run is a `ping` process, mostly waiting.
    lane: { defaultCapacity: (facts) => (facts.icmpBatched ? 4000 : 64), defaultsText: '4000 with fping, 64 with ping' },
  },
  result: {
    key: 'icmpCheckResult',
    schema: IcmpCheckResult,
    api: IcmpResultPayload,
    // Ping replies are not kept; the counts and latencies go to the row's own columns.
    detailKey: 'icmp',
    toDetail: ({ hostname, resolvedAddress, rawOutput }): IcmpDetail => ({ hostname, resolvedAddress: resolvedAddress ?? null, ...(rawOutput ? { rawOutput } : {}) }),
    metrics: ({ packetsSent, packetsReceived, latency }) => ({ packetsSent, packetsReceived, latency }),
    fromDetail: (stored, { metrics, assertions, requestError }) => {
      if (metrics === null) return null;
      const detail = stored as IcmpDetail | undefined;
      const { packetsSent, packetsReceived } = metrics;
      return {
        hostname: detail?.hostname ?? null,
        resolvedAddress: detail?.resolvedAddress ?? null,
        packetsSent,
        packetsReceived,
        packetLoss: packetsSent === 0 ? 100 : Math.round(((packetsSent - packetsReceived) / packetsSent) * 10000) / 100,
        latency: metrics.latency,
        assertions: assertions as Record<string, unknown>[],
        requestError,
        ...(detail?.rawOutput ? { rawOutput: detail.rawOutput } : {}),
      };
    },
  },
});
