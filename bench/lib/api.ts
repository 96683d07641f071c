import { request as httpRequest } from 'node:http';
import { BENCH_API_KEY } from './server';

/** Every target of the bench is in 127.0.0.0/8: each address answers on loopback, nothing leaves the machine. */
export function loopbackAddress(index: number): string {
  const perSecondOctet = 254 * 256;
  const a = 1 + Math.floor(index / perSecondOctet);
  if (a > 254) throw new Error(`loopbackAddress: index ${index} is past 127.254.255.254`);
  const rest = index % perSecondOctet;
  return `127.${a}.${Math.floor(rest / 254)}.${1 + (rest % 254)}`;
}

export interface JsonResponse {
  status: number;
  body: unknown;
}

/** One request with the bench's owner key; the body is parsed as JSON when it is JSON. */
export function api(baseUrl: string, method: string, path: string, body?: unknown, timeoutMs = 30_000): Promise<JsonResponse> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const url = new URL(path, baseUrl);
  if (!['127.', 'localhost'].some((prefix) => url.hostname.startsWith(prefix))) throw new Error(`the bench only talks to loopback, not ${url.hostname}`);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method,
        headers: {
          authorization: `Bearer ${BENCH_API_KEY}`,
          ...(payload === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
        },
        timeout: timeoutMs,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // keep the text
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} timed out after ${timeoutMs} ms`)));
    req.on('error', reject);
    req.end(payload);
  });
}

export async function apiExpect(baseUrl: string, method: string, path: string, body: unknown, status: number): Promise<Record<string, unknown>> {
  const res = await api(baseUrl, method, path, body);
  if (res.status !== status) throw new Error(`${method} ${path} answered ${res.status}, expected ${status}: ${JSON.stringify(res.body).slice(0, 500)}`);
  return res.body as Record<string, unknown>;
}

/** Runs `count` tasks with at most `inFlight` at once; the first failure stops the rest. */
export async function bounded(count: number, inFlight: number, task: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  let failed: unknown = null;
  const worker = async () => {
    while (failed === null && next < count) {
      const index = next++;
      try {
        await task(index);
      } catch (error) {
        failed ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, count) }, worker));
  if (failed !== null) throw failed;
}

export interface CreatedMonitors {
  ids: string[];
  seconds: number;
  perSecond: number;
}

/** N activated ICMP monitors at 1 minute through POST /v1/checks/icmp, 16 requests in flight, each its own loopback address. */
export async function createIcmpMonitors(baseUrl: string, count: number, options: { pingCount: number; offset?: number; namePrefix?: string }): Promise<CreatedMonitors> {
  const ids: string[] = new Array(count);
  const started = Date.now();
  let lastReport = started;
  await bounded(count, 16, async (i) => {
    const index = (options.offset ?? 0) + i;
    const body = { name: `${options.namePrefix ?? 'bench'} ${index}`, frequency: 1, activated: true, request: { hostname: loopbackAddress(index), pingCount: options.pingCount } };
    const created = await apiExpect(baseUrl, 'POST', '/v1/checks/icmp', body, 201);
    ids[i] = String(created.id);
    if (Date.now() - lastReport > 10_000) {
      lastReport = Date.now();
      process.stdout.write(`    created ${ids.filter(Boolean).length}/${count} monitors\n`);
    }
  });
  const seconds = (Date.now() - started) / 1000;
  return { ids, seconds, perSecond: count / Math.max(seconds, 0.001) };
}

export interface LaneSnapshot {
  lane: string;
  capacity: number | null;
  running: number | null;
  queued: number | null;
  runsPerMinute: number | null;
  oldestWaitMs: number | null;
  startedTotal: number | null;
  skippedTotal: number | null;
  skippedLastHour: number | null;
  lateTotal: number | null;
  mode: string | null;
}

export interface HealthSnapshot {
  at: number;
  /** False when /health did not answer JSON with lanes (an older server): figures read "n/a". */
  available: boolean;
  status: string | null;
  message: string | null;
  skippedLastHour: number | null;
  icmpMode: string | null;
  lanes: LaneSnapshot[];
  raw: string;
}

const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** GET <probes>/health, tolerant of what it answers: an older server says only {"status":"ok"}. */
export async function readHealth(healthUrl: string | null): Promise<HealthSnapshot> {
  const empty: HealthSnapshot = { at: Date.now(), available: false, status: null, message: null, skippedLastHour: null, icmpMode: null, lanes: [], raw: '' };
  if (!healthUrl) return { ...empty, raw: 'no probes URL' };
  let res: JsonResponse;
  try {
    res = await api(healthUrl, 'GET', '/health', undefined, 5_000);
  } catch (error) {
    return { ...empty, raw: (error as Error).message };
  }
  const raw = typeof res.body === 'string' ? res.body : JSON.stringify(res.body);
  if (typeof res.body !== 'object' || res.body === null) return { ...empty, raw };
  const body = res.body as Record<string, unknown>;
  const icmpMode = typeof body.icmpMode === 'string' ? body.icmpMode : null;
  const lanes = Array.isArray(body.lanes)
    ? body.lanes.map((entry: Record<string, unknown>) => ({
        lane: String(entry.lane),
        capacity: numberOrNull(entry.capacity),
        running: numberOrNull(entry.running),
        queued: numberOrNull(entry.queued),
        runsPerMinute: numberOrNull(entry.runsPerMinute),
        oldestWaitMs: numberOrNull(entry.oldestWaitMs),
        startedTotal: numberOrNull(entry.startedTotal),
        skippedTotal: numberOrNull(entry.skippedTotal),
        skippedLastHour: numberOrNull(entry.skippedLastHour),
        lateTotal: numberOrNull(entry.lateTotal),
        mode: typeof entry.mode === 'string' ? entry.mode : entry.lane === 'ICMP' ? icmpMode : null,
      }))
    : [];
  return {
    at: Date.now(),
    available: lanes.length > 0,
    status: typeof body.status === 'string' ? body.status : null,
    message: typeof body.message === 'string' ? body.message : null,
    skippedLastHour: numberOrNull(body.skippedLastHour),
    icmpMode,
    lanes,
    raw,
  };
}
