import { apiExpect, bounded } from './api';
import { benchAddressOf, benchNameOf } from './socket-target-zone';

/** RESPONSE_DATA contains the greeting's last word, and the whole conversation took under 2 s. */
export const TCP_ASSERTIONS_TEXT = 'RESPONSE_DATA CONTAINS "READY" (the greeting the target sends, then closes) and RESPONSE_TIME LESS_THAN 2000';
/** The rcode and the answer's address. */
export const DNS_ASSERTIONS_TEXT = 'RESPONSE_CODE EQUALS NOERROR and TEXT_ANSWER CONTAINS the record\'s address (10.x.y.z, one per monitor)';

export function tcpMonitorBody(name: string, endpoint: string): Record<string, unknown> {
  const [hostname, port] = endpoint.split(':');
  return {
    name,
    frequency: 1,
    activated: true,
    request: {
      hostname,
      port: Number(port),
      assertions: [
        { source: 'RESPONSE_DATA', comparison: 'CONTAINS', property: '', target: 'READY' },
        { source: 'RESPONSE_TIME', comparison: 'LESS_THAN', property: '', target: '2000' },
      ],
    },
  };
}

export function dnsMonitorBody(name: string, endpoint: string, index: number): Record<string, unknown> {
  const [nameServer, port] = endpoint.split(':');
  return {
    name,
    frequency: 1,
    activated: true,
    request: {
      query: benchNameOf(index),
      recordType: 'A',
      nameServer,
      port: Number(port),
      protocol: 'UDP',
      assertions: [
        { source: 'RESPONSE_CODE', comparison: 'EQUALS', property: '', target: 'NOERROR' },
        { source: 'TEXT_ANSWER', comparison: 'CONTAINS', property: '', target: benchAddressOf(index) },
      ],
    },
  };
}

/**
 * N monitors through POST /v1/checks/tcp or /v1/checks/dns, 16 requests in flight; monitor i uses
 * endpoint i mod endpoints. The check id's hash spreads them over the minute (as for icmp-10k).
 */
export async function createSocketMonitors(baseUrl: string, type: 'tcp' | 'dns', count: number, endpoints: readonly string[], namePrefix: string): Promise<{ ids: string[]; seconds: number }> {
  const ids: string[] = new Array(count);
  const started = Date.now();
  let lastReport = started;
  await bounded(count, 16, async (i) => {
    const endpoint = endpoints[i % endpoints.length]!;
    const body = type === 'tcp' ? tcpMonitorBody(`${namePrefix} ${i}`, endpoint) : dnsMonitorBody(`${namePrefix} ${i}`, endpoint, i);
    const created = await apiExpect(baseUrl, 'POST', `/v1/checks/${type}`, body, 201);
    ids[i] = String(created.id);
    if (Date.now() - lastReport > 10_000) {
      lastReport = Date.now();
      process.stdout.write(`    created ${ids.filter(Boolean).length}/${count} ${type} monitors\n`);
    }
  });
  return { ids, seconds: (Date.now() - started) / 1000 };
}
