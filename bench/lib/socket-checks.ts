import { apiExpect, bounded } from './api';
import { benchAddressOf, benchNameOf } from './socket-target-zone';

/** RESPONSE_DATA contains the greeting's last word, and the whole conversation took under 2 s. */
export const TCP_ASSERTIONS_TEXT = 'RESPONSE_DATA CONTAINS "READY" (the greeting the target sends, then closes) and RESPONSE_TIME LESS_THAN 2000';
/** The rcode and the answer's address. */
export const DNS_ASSERTIONS_TEXT = 'RESPONSE_CODE EQUALS NOERROR and TEXT_ANSWER CONTAINS the record\'s address (10.x.y.z, one per monitor)';

/** The quiet ones: port-only TCP monitors (a RESPONSE_TIME assertion alone) of a listener that never speaks; DNS monitors of a port that never answers. */
export const TCP_QUIET_TEXT = 'RESPONSE_TIME LESS_THAN 2000 only (a port check), against a listener that accepts and never speaks: each run listens 1 s for a banner, then passes';
export const DNS_SILENT_TEXT = 'maxResponseTime 5000, asking a UDP port that never answers: each run waits its whole 5 s time limit, then fails (timed out)';

export function tcpMonitorBody(name: string, endpoint: string, quiet = false): Record<string, unknown> {
  const [hostname, port] = endpoint.split(':');
  const time = { source: 'RESPONSE_TIME', comparison: 'LESS_THAN', property: '', target: '2000' };
  return {
    name,
    frequency: 1,
    activated: true,
    request: {
      hostname,
      port: Number(port),
      assertions: quiet ? [time] : [{ source: 'RESPONSE_DATA', comparison: 'CONTAINS', property: '', target: 'READY' }, time],
    },
  };
}

export function dnsMonitorBody(name: string, endpoint: string, index: number, silent = false): Record<string, unknown> {
  const [nameServer, port] = endpoint.split(':');
  return {
    name,
    ...(silent ? { maxResponseTime: 5000, degradedResponseTime: 2000 } : {}),
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
export async function createSocketMonitors(baseUrl: string, type: 'tcp' | 'dns', count: number, endpoints: readonly string[], namePrefix: string, quiet = false): Promise<{ ids: string[]; seconds: number }> {
  const ids: string[] = new Array(count);
  const started = Date.now();
  let lastReport = started;
  await bounded(count, 16, async (i) => {
    const endpoint = endpoints[i % endpoints.length]!;
    const body = type === 'tcp' ? tcpMonitorBody(`${namePrefix} ${i}`, endpoint, quiet) : dnsMonitorBody(`${namePrefix} ${i}`, endpoint, i, quiet);
    const created = await apiExpect(baseUrl, 'POST', `/v1/checks/${type}`, body, 201);
    ids[i] = String(created.id);
    if (Date.now() - lastReport > 10_000) {
      lastReport = Date.now();
      process.stdout.write(`    created ${ids.filter(Boolean).length}/${count} ${type} monitors\n`);
    }
  });
  return { ids, seconds: (Date.now() - started) / 1000 };
}
