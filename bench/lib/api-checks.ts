import { apiExpect, bounded } from './api';

/**
 * Issue 33's API check: GET <target>/items/<n> with two assertions (status 200, `$.name` equals
 * "item"), against the flow target (its own process, bench/lib/flow-target-server.ts).
 */
export function apiCheckBody(name: string, targetUrl: string, index: number): Record<string, unknown> {
  return {
    name,
    checkType: 'API',
    frequency: 1,
    activated: true,
    request: {
      method: 'GET',
      url: `${targetUrl}/items/${index}`,
      assertions: [
        { source: 'STATUS_CODE', comparison: 'EQUALS', property: '', target: '200' },
        { source: 'JSON_BODY', comparison: 'EQUALS', property: '$.name', target: 'item' },
      ],
    },
  };
}

/** POST /v1/checks/api; answers the new id. */
export async function createApiCheck(baseUrl: string, name: string, targetUrl: string, index: number): Promise<string> {
  const created = await apiExpect(baseUrl, 'POST', '/v1/checks/api', apiCheckBody(name, targetUrl, index), 201);
  return String(created.id);
}

/** N API checks, 16 requests in flight; the check id's hash spreads them over the minute (as for icmp-10k). */
export async function createApiChecks(baseUrl: string, count: number, targetUrl: string, namePrefix: string): Promise<{ ids: string[]; seconds: number }> {
  const ids: string[] = new Array(count);
  const started = Date.now();
  await bounded(count, 16, async (i) => {
    ids[i] = await createApiCheck(baseUrl, `${namePrefix} ${i}`, targetUrl, i);
  });
  return { ids, seconds: (Date.now() - started) / 1000 };
}
