import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { matchPath } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenLinkBase, parsePublicUrl, PROJECT_ROOT, resolveConfig } from '../../src-main/core/config';
import { CONSOLE_ROUTES } from '../../src-shared/rules/console-links';
import { createChannel, IMPOSSIBLE, runToCompletion } from '../alerts/harness';
import { icmpBody, startServer, type TestServer } from '../helpers/server';
import { rawRequest } from '../http/raw';
import { trpcClient } from '../helpers/trpc';
import { startHttpReceiver, type HttpReceiver } from '../notify/receivers';

/** The console route a link opens: its origin and the `#/…` path, matched as the console's router matches it. */
function landing(link: string, route: string) {
  const url = new URL(link);
  expect(url.hash.startsWith('#/'), link).toBe(true);
  const match = matchPath(route, url.hash.slice(1));
  expect(match, `${link} does not open ${route}`).not.toBeNull();
  return { origin: url.origin, pathname: url.pathname, params: match?.params ?? {} };
}

/** Triggers a test session of one passing check (as `checkly trigger` does); returns its id. */
async function triggeredTestSession(server: TestServer): Promise<string> {
  const created = await server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name: 'Triggered ping', pingCount: 1 }));
  expect(created.status, created.text).toBe(201);
  const triggered = await server.api('POST', '/next/test-sessions/trigger', { name: 'Linked run', checkId: [created.body.id] });
  expect(triggered.status, triggered.text).toBe(201);
  return triggered.body.testSessionId as string;
}

async function failingCheck(server: TestServer, channelId: number): Promise<string> {
  const created = await server.api(
    'POST',
    '/v1/checks/icmp?autoAssignAlerts=false',
    icmpBody({ name: 'Linked ping', request: IMPOSSIBLE, alertChannelSubscriptions: [{ alertChannelId: channelId, activated: true }] }),
  );
  expect(created.status, created.text).toBe(201);
  return created.body.id as string;
}

describe('links Sightline sends open console pages on the address the server really listens on', () => {
  let server: TestServer;
  let receiver: HttpReceiver;
  let channelId: number;

  beforeAll(async () => {
    server = await startServer();
    receiver = await startHttpReceiver();
    channelId = await createChannel(server, { type: 'WEBHOOK', config: { name: 'Links', url: `${receiver.url}/links` } });
  });
  afterAll(async () => {
    await server.stop();
    await receiver.close();
  });

  it('RESULT_LINK of a failing check points at the real port and the result page of that result', async () => {
    expect(new URL(server.url).port).not.toBe('4310');
    const checkId = await failingCheck(server, channelId);
    await runToCompletion(server.api, checkId);
    await server.backend.alerting.dispatcher.drain();

    const delivered = receiver.requests.find((r) => r.body.includes(checkId));
    const body = JSON.parse(delivered?.body ?? '{}') as Record<string, string>;
    const link = landing(body.RESULT_LINK ?? '', CONSOLE_ROUTES.result);
    expect(link.origin).toBe(server.url);
    expect(link.pathname).toBe('/');
    expect(link.params).toEqual({ id: checkId, resultId: body.CHECK_RESULT_ID });
    const shown = await server.api('GET', `/v1/check-results/${checkId}/${link.params.resultId}`);
    expect(shown.status, shown.text).toBe(200);
  });

  it('checkSessionLink and checkResultLink of the API open the session and result pages', async () => {
    const checkId = await failingCheck(server, channelId);
    const sessionId = await runToCompletion(server.api, checkId);
    const session = await server.api('GET', `/v1/check-sessions/${sessionId}`);
    expect(session.status, session.text).toBe(200);

    const sessionLink = landing(session.body.checkSessionLink as string, CONSOLE_ROUTES.session);
    expect(sessionLink.origin).toBe(server.url);
    expect(sessionLink.params).toEqual({ id: sessionId });

    const [result] = session.body.results as { checkResultId: string; checkResultLink: string }[];
    const resultLink = landing(result?.checkResultLink ?? '', CONSOLE_ROUTES.result);
    expect(resultLink.origin).toBe(server.url);
    expect(resultLink.params).toEqual({ id: checkId, resultId: result?.checkResultId });
  });

  it('testSessionLink and GET /next/test-sessions/{id}/link open the test-session page', async () => {
    const testSessionId = await triggeredTestSession(server);
    const read = await server.api('GET', `/v1/test-sessions/${testSessionId}`);
    expect(read.status, read.text).toBe(200);
    const fromRead = landing(read.body.testSessionLink as string, CONSOLE_ROUTES.testSession);
    expect(fromRead.origin).toBe(server.url);
    expect(fromRead.pathname).toBe('/');
    expect(fromRead.params).toEqual({ id: testSessionId });
    const link = await server.api('GET', `/next/test-sessions/${testSessionId}/link`);
    expect(link.body.link).toBe(read.body.testSessionLink);
  });

  it('Settings show the server’s own address as the public base URL until another one is saved', async () => {
    const trpc = trpcClient(server.url, server.key);
    expect((await trpc.alerts.getDeliverySettings.query()).publicBaseUrl).toBe(server.url);
    await trpc.alerts.setDeliverySettings.mutate({ publicBaseUrl: `${server.url}/` });
    expect((await trpc.alerts.getDeliverySettings.query()).publicBaseUrl).toBe(server.url);
    await trpc.alerts.setDeliverySettings.mutate({ publicBaseUrl: 'https://status.example.test' });
    expect((await trpc.alerts.getDeliverySettings.query()).publicBaseUrl).toBe('https://status.example.test');
  });
});

describe('--public-url moves every link to the public address and makes its host one of the server’s names', () => {
  let server: TestServer;
  let receiver: HttpReceiver;

  beforeAll(async () => {
    server = await startServer({ config: { publicUrl: 'https://sightline.example.test/ops' } });
    receiver = await startHttpReceiver();
  });
  afterAll(async () => {
    await server.stop();
    await receiver.close();
  });

  it('RESULT_LINK, checkSessionLink and checkResultLink start with the public URL', async () => {
    const channelId = await createChannel(server, { type: 'WEBHOOK', config: { name: 'Public', url: `${receiver.url}/public` } });
    const checkId = await failingCheck(server, channelId);
    const sessionId = await runToCompletion(server.api, checkId);
    await server.backend.alerting.dispatcher.drain();

    const body = JSON.parse(receiver.requests.find((r) => r.body.includes(checkId))?.body ?? '{}') as Record<string, string>;
    const alert = landing(body.RESULT_LINK ?? '', CONSOLE_ROUTES.result);
    expect(alert.origin).toBe('https://sightline.example.test');
    expect(alert.pathname).toBe('/ops/');

    const session = await server.api('GET', `/v1/check-sessions/${sessionId}`);
    expect(session.body.checkSessionLink).toBe(`https://sightline.example.test/ops/#/sessions/${sessionId}`);
    expect(landing(session.body.results[0].checkResultLink as string, CONSOLE_ROUTES.result).origin).toBe('https://sightline.example.test');
  });

  it('testSessionLink starts with the public URL too', async () => {
    const testSessionId = await triggeredTestSession(server);
    const read = await server.api('GET', `/v1/test-sessions/${testSessionId}`);
    expect(read.body.testSessionLink).toBe(`https://sightline.example.test/ops/#/test-sessions/${testSessionId}`);
    expect((await server.api('GET', `/next/test-sessions/${testSessionId}/link`)).body.link).toBe(read.body.testSessionLink);
  });

  it('a request naming the public host is answered (not 421)', async () => {
    const auth = { authorization: `Bearer ${server.key}` };
    expect((await rawRequest(server.url, { path: '/v1/checks', headers: { host: 'sightline.example.test', ...auth } })).status).toBe(200);
    expect((await rawRequest(server.url, { path: '/v1/checks', headers: { host: 'elsewhere.example.test', ...auth } })).status).toBe(421);
  });
});

describe('the link base without --public-url', () => {
  const nics = [
    { address: '127.0.0.1', family: 'IPv4', internal: true },
    { address: 'fe80::1', family: 'IPv6', internal: false },
    { address: '10.1.2.3', family: 'IPv4', internal: false },
  ];
  it('is the address the server listens on, IPv6 in brackets', () => {
    expect(listenLinkBase('127.0.0.1', 4311, nics)).toBe('http://127.0.0.1:4311');
    expect(listenLinkBase('::1', 4311, nics)).toBe('http://[::1]:4311');
  });
  it('on a wildcard listen is the machine’s first non-loopback IPv4 address, else 127.0.0.1 (never 0.0.0.0)', () => {
    expect(listenLinkBase('0.0.0.0', 4310, nics)).toBe('http://10.1.2.3:4310');
    expect(listenLinkBase('::', 4310, nics)).toBe('http://10.1.2.3:4310');
    expect(listenLinkBase('0.0.0.0', 4310, nics.slice(0, 2))).toBe('http://127.0.0.1:4310');
  });
});

describe('--public-url and SIGHTLINE_PUBLIC_URL', () => {
  it('take an http(s) URL, kept without its trailing slash', () => {
    expect(resolveConfig({ dataDir: '/tmp/x' }, { SIGHTLINE_PUBLIC_URL: 'https://Sightline.example.test/' }).publicUrl).toBe('https://sightline.example.test');
    expect(resolveConfig({ dataDir: '/tmp/x' }, {}).publicUrl).toBeNull();
    for (const bad of ['sightline.example.test', 'ftp://sightline.example.test', 'https://sightline.example.test/?a=1', 'https://u:p@sightline.example.test']) {
      expect(parsePublicUrl(bad, '--public-url')).toMatch(/^--public-url must be the http:\/\/ or https:\/\/ address/);
    }
    expect(() => resolveConfig({ dataDir: '/tmp/x' }, { SIGHTLINE_PUBLIC_URL: 'example' })).toThrow(/SIGHTLINE_PUBLIC_URL/);
  });

  it('serve exits with 2 and names --public-url when it is not a URL', () => {
    const run = spawnSync(process.execPath, [join(PROJECT_ROOT, 'bin', 'sightline.mjs'), 'serve', '--no-console-build', '--public-url', 'sightline.example.test'], {
      cwd: PROJECT_ROOT,
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--public-url must be the http:// or https:// address');
  });
});
