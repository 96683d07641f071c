import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMemberWithKey, type MemberWithKey } from '../accounts/helpers';
import { startServer, type TestServer } from '../helpers/server';

/** A loopback receiver that records the path of every request a script makes and answers 200. */
async function startReceiver(): Promise<{ base: string; paths: string[]; next: (path: string) => Promise<void>; close: () => Promise<void> }> {
  const paths: string[] = [];
  const waiters: { path: string; wake: () => void }[] = [];
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '';
    paths.push(path);
    for (const waiter of waiters.filter((w) => w.path === path)) waiter.wake();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    paths,
    next: (path) => (paths.includes(path) ? Promise.resolve() : new Promise<void>((wake) => waiters.push({ path, wake }))),
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const calling = (url: string) => `import { test, expect } from '@playwright/test';
test('calls home', async ({ request }) => {
  expect((await request.get('${url}')).status()).toBe(200);
});`;

const multiStepJob = (logicalId: string, script: string) => ({
  logicalId,
  name: logicalId,
  checkType: 'MULTI_STEP',
  script,
  sourceInfo: { checkRunSuiteId: randomUUID(), checkRunId: randomUUID() },
});

const READ_RUN_REFUSAL = 'Forbidden: READ_RUN keys may only read and trigger runs of stored checks; this operation needs a READ_WRITE, ADMIN or OWNER key';

/**
 * Issue 29: `checkly test` runs code no stored check holds, with the account's variables and secrets.
 * Only a key that may create checks may do that; READ_RUN keeps triggering the stored ones.
 */
describe('who may run code that is not a stored check', { timeout: 120_000 }, () => {
  let server: TestServer;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let runner: MemberWithKey;
  let writer: MemberWithKey;

  beforeAll(async () => {
    server = await startServer();
    receiver = await startReceiver();
    runner = await addMemberWithKey(server, 'READ_RUN');
    writer = await addMemberWithKey(server, 'READ_WRITE');
  });

  afterAll(async () => {
    await server?.stop();
    await receiver?.close();
  });

  it('refuses a READ_RUN key 403 on POST /v1/test-sessions/run and runs nothing; READ_WRITE and the owner get 202 and their script runs', async () => {
    const refused = await runner.api('POST', '/v1/test-sessions/run', { shouldRecord: true, checkRunJobs: [multiStepJob('by-runner', calling(`${receiver.base}/by-runner`))] });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ statusCode: 403, error: 'Forbidden', message: READ_RUN_REFUSAL });

    const byWriter = await writer.api('POST', '/v1/test-sessions/run', { shouldRecord: false, checkRunJobs: [multiStepJob('by-writer', calling(`${receiver.base}/by-writer`))] });
    expect(byWriter.status, byWriter.text).toBe(202);
    const byOwner = await server.api('POST', '/v1/test-sessions/run', { shouldRecord: false, checkRunJobs: [multiStepJob('by-owner', calling(`${receiver.base}/by-owner`))] });
    expect(byOwner.status, byOwner.text).toBe(202);
    await receiver.next('/by-writer');
    await receiver.next('/by-owner');
    // The refused run came first: had it been queued, it would have called before the runs accepted after it.
    expect(receiver.paths).not.toContain('/by-runner');
    expect((await server.api('GET', '/v1/test-sessions')).body.entries).toEqual([]);
  });

  it('refuses a READ_RUN key the code bundle upload `checkly test` starts with; READ_WRITE may upload', async () => {
    const upload = (key: string) =>
      fetch(`${server.url}/next/checkly-storage/upload-code-bundle`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/octet-stream' },
        body: new Uint8Array(gzipSync(Buffer.from('a tar would be here'))),
      });
    const refused = await upload(runner.key);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ statusCode: 403, error: 'Forbidden', message: READ_RUN_REFUSAL });
    expect((await upload(writer.key)).status).toBe(200);
  });

  it('still lets a READ_RUN key trigger a stored check, which runs', async () => {
    const created = await server.api('POST', '/v1/checks/multistep', { name: 'Stored flow', script: calling(`${receiver.base}/stored`) });
    expect(created.status, created.text).toBe(201);
    const triggered = await runner.api('POST', '/v1/check-sessions/trigger', { target: { checkId: [created.body.id] } });
    expect(triggered.status, triggered.text).toBe(201);
    expect(triggered.body.sessions).toHaveLength(1);
    await receiver.next('/stored');
    expect(receiver.paths.filter((path) => path === '/stored')).toHaveLength(1);

    // A variable given for the run reaches the script; one that would configure node instead is refused.
    const code = `await fetch('${receiver.base}/injected')`;
    for (const key of ['NODE_OPTIONS', 'node_options', 'LD_PRELOAD', 'PLAYWRIGHT_BROWSERS_PATH', 'PATH']) {
      const injected = await runner.api('POST', '/next/test-sessions/trigger', { checkId: [created.body.id], environmentVariables: [{ key, value: `--import=data:text/javascript,${encodeURIComponent(code)}` }] });
      expect(injected.status, key).toBe(400);
      expect(injected.body.message).toMatch(/^environmentVariables\[0\]\.key: configures the runtime, not the script/);
    }
    const plain = await runner.api('POST', '/next/test-sessions/trigger', { checkId: [created.body.id], environmentVariables: [{ key: 'STAGE', value: 'staging' }] });
    expect(plain.status, plain.text).toBe(201);
    const done = await runner.api('GET', `/v1/test-sessions/${plain.body.testSessionId}/completion?maxWaitSeconds=30`);
    expect(done.status, done.text).toBe(200);
    expect(receiver.paths).not.toContain('/injected');
  });
});
