import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pingProject } from '../helpers/ping-project';
import { startServer, type TestServer } from '../helpers/server';
import { trpcClient } from '../helpers/trpc';

/**
 * Issue 29, item 7: a deploy of thousands of checks is planned in slices and committed in one short
 * transaction, so other requests keep being answered; deploys of one account queue; a duplicate
 * logical id is a 400. How long other requests wait is a speed figure, measured by the deploy-block
 * benchmark on a quiet machine (bench/RESULTS.md); here the bound only tells "answered while the
 * deploy runs" from "held until it ends" on a shared, loaded CI machine: before, the wait was the
 * whole deploy (5–27 s); now the longest is the commit (about 0.2 s alone, up to 0.9 s seen beside
 * other test files at load average 8).
 */
const CONCURRENT_REQUEST_MAX_MS = 2_000;
const TIMEOUT = 120_000;

describe('deploys of thousands of resources (issue 29)', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startServer();
  });
  afterEach(async () => {
    await server?.stop();
  });

  /** POSTs a project as the CLI does; a payload already gzipped (a Buffer) is sent as it is. */
  async function deploy(payload: unknown, query = 'dryRun=false&scheduleOnDeploy=false') {
    const body = Buffer.isBuffer(payload) ? payload : gzipSync(JSON.stringify(payload));
    const res = await fetch(`${server.url}/v1/projects/deploy?${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json', 'content-encoding': 'gzip', 'x-checkly-source': 'CLI' },
      body: new Uint8Array(body),
    });
    return { status: res.status, headers: res.headers, body: await res.json() };
  }

  /** While `work` runs, GET /v1/checks one request after another; answers the slowest answer's time. */
  async function slowestAnswerDuring<T>(work: Promise<T>): Promise<{ result: T; slowestMs: number; requests: number }> {
    let done = false;
    let slowestMs = 0;
    let requests = 0;
    const settled = work.finally(() => {
      done = true;
    });
    const probe = (async () => {
      while (!done) {
        const started = performance.now();
        const res = await fetch(`${server.url}/v1/checks?limit=1`, { headers: { authorization: `Bearer ${server.key}` } });
        await res.arrayBuffer();
        expect(res.status).toBe(200);
        slowestMs = Math.max(slowestMs, performance.now() - started);
        requests++;
      }
    })();
    const result = await settled;
    await probe;
    return { result, slowestMs, requests };
  }

  /** The total GET /v1/checks reports in its content-range header ("0-0/5000"). */
  const checkCount = async () => {
    const res = await server.api('GET', '/v1/checks?limit=1');
    return Number(res.headers.get('content-range')?.split('/')[1]);
  };

  it('a duplicate logicalId of one type is a 400 naming it, and nothing is written', async () => {
    const payload = JSON.parse(readFileSync(join(__dirname, 'fixture-payload.json'), 'utf8'));
    const ping = payload.resources.find((r: any) => r.logicalId === 'loopback-ping');
    payload.resources.push({ ...ping, payload: { ...ping.payload, name: 'Second ping' } });
    const res = await deploy(payload);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toContain('check "loopback-ping"');
    expect(res.body.message).toContain('more than once');
    expect((await server.api('GET', '/v1/checks')).body).toEqual([]);
    expect((await server.api('GET', '/v1/check-groups')).body).toEqual([]);
    expect((await server.api('GET', '/v1/alert-channels')).body).toEqual([]);
    // One logical id may name constructs of two types: bindings are per type.
    const twoTypes = JSON.parse(readFileSync(join(__dirname, 'fixture-payload.json'), 'utf8'));
    twoTypes.resources.find((r: any) => r.logicalId === 'ops-email').logicalId = 'loopback-ping';
    twoTypes.resources.find((r: any) => r.logicalId === 'check-group-alert-channel-subscription#network-group#ops-email').payload.alertChannelId.ref = 'loopback-ping';
    expect((await deploy(twoTypes)).status).not.toBe(500);
  });

  it(
    'a dry run and a deploy of 5,000 checks leave other requests answered at once',
    async () => {
      const payload = pingProject(5_000, 'big');
      const preview = await slowestAnswerDuring(deploy(payload, 'dryRun=true&scheduleOnDeploy=false'));
      expect(preview.result.status, JSON.stringify(preview.result.body).slice(0, 500)).toBe(200);
      expect(preview.result.body.diff).toHaveLength(5_003);
      expect(preview.slowestMs, `slowest answer during the dry run: ${preview.slowestMs.toFixed(0)} ms`).toBeLessThan(CONCURRENT_REQUEST_MAX_MS);
      expect(preview.requests).toBeGreaterThan(3);

      const created = await slowestAnswerDuring(deploy(payload));
      expect(created.result.status, JSON.stringify(created.result.body).slice(0, 500)).toBe(200);
      expect(created.result.body.result.diff.filter((d: any) => d.type === 'check' && d.action === 'CREATE')).toHaveLength(5_000);
      expect(created.slowestMs, `slowest answer during the deploy: ${created.slowestMs.toFixed(0)} ms`).toBeLessThan(CONCURRENT_REQUEST_MAX_MS);
      expect(created.requests).toBeGreaterThan(3);
      expect(await checkCount()).toBe(5_000);

      const again = await slowestAnswerDuring(deploy(payload));
      expect(again.result.status).toBe(200);
      expect(new Set(again.result.body.result.diff.map((d: any) => d.action))).toEqual(new Set(['UPDATE']));
      expect(again.slowestMs, `slowest answer during the redeploy: ${again.slowestMs.toFixed(0)} ms`).toBeLessThan(CONCURRENT_REQUEST_MAX_MS);
    },
    TIMEOUT,
  );

  it(
    'a destroy of 5,000 checks leaves other requests answered at once, and removes them all',
    async () => {
      expect((await deploy(pingProject(5_000, 'big'))).status).toBe(200);
      const preview = await slowestAnswerDuring(server.api('DELETE', '/v1/projects/big?dryRun=true'));
      expect(preview.result.status).toBe(200);
      expect(preview.result.body.diff.filter((d: any) => d.action === 'DELETE')).toHaveLength(5_003);
      expect(preview.slowestMs, `slowest answer during the destroy preview: ${preview.slowestMs.toFixed(0)} ms`).toBeLessThan(CONCURRENT_REQUEST_MAX_MS);
      expect(await checkCount()).toBe(5_000);

      const destroyed = await slowestAnswerDuring(server.api('DELETE', '/v1/projects/big?dryRun=false'));
      expect(destroyed.result.status).toBe(200);
      expect(destroyed.slowestMs, `slowest answer during the destroy: ${destroyed.slowestMs.toFixed(0)} ms`).toBeLessThan(CONCURRENT_REQUEST_MAX_MS);
      expect(await checkCount()).toBe(0);
      expect((await server.api('GET', '/v1/check-groups')).body).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    "concurrent deploys of one account run one at a time, in order; past the queue's 3 waiting one is refused with 429",
    async () => {
      // Gzipped once, so the requests leave together. Six, for one more than the queue holds (one
      // running, three waiting) even when the first is done before the last arrives on a loaded machine.
      const payload = gzipSync(JSON.stringify(pingProject(5_000, 'queued')));
      const answers = await Promise.all(Array.from({ length: 6 }, () => deploy(payload)));
      const statuses = answers.map((a) => a.status);
      expect(statuses.every((status) => status === 200 || status === 429), statuses.join()).toBe(true);
      const accepted = answers.filter((a) => a.status === 200);
      expect(accepted.length, statuses.join()).toBeGreaterThanOrEqual(4);
      expect(accepted.length, statuses.join()).toBeLessThan(6);
      const refused = answers.find((a) => a.status === 429);
      expect(refused?.body.message).toMatch(/one at a time\. Retry in \d+ s\./);
      expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
      // Queued, not interleaved: the first created every check, each later one found them all (UPDATE only).
      const kinds = accepted.map((a) => [...new Set(a.body.result.diff.filter((d: any) => d.type === 'check').map((d: any) => d.action))].join()).sort();
      expect(kinds).toEqual(['CREATE', ...Array.from({ length: accepted.length - 1 }, () => 'UPDATE')]);
      expect(await checkCount()).toBe(5_000);
      // Each refusal is in the project's history with the message its client got (read before its body was).
      const [project] = await trpcClient(server.url, server.key).projects.list.query();
      const detail = await trpcClient(server.url, server.key).projects.get.query({ id: project.id });
      const refusals = detail.deployments.filter((d) => d.status === 'REFUSED');
      expect(refusals.map((d) => `${d.httpStatus} ${d.error}`)).toEqual(answers.filter((a) => a.status === 429).map((a) => `429 ${a.body.message}`));
      expect(detail.deployments.filter((d) => d.status === 'SUCCEEDED')).toHaveLength(accepted.length);
    },
    TIMEOUT,
  );

  it('refuses a deploy over the check cap with a 400 naming it, before anything is written', async () => {
    const res = await deploy(pingProject(5_001, 'big'));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('at most 5000 checks and this one has 5001');
    expect(await checkCount()).toBe(0);
  });
});
