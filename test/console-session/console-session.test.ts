import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import { addMemberWithKey } from '../accounts/helpers';
import { startServer, type TestServer } from '../helpers/server';
import { rawRequest, type RawResponse } from '../http/raw';
import { SIGNED_IN_HINT_COOKIE } from '../../src-shared/schemas/console-session';

const SESSION_PATH = '/console/session';
const WHOAMI = '/trpc/accounts.whoami';
const CHECKS_LIST = `/trpc/checks.list?input=${encodeURIComponent('{}')}`;

function setCookieOf(res: RawResponse): string {
  const header = res.headers['set-cookie'];
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) throw new Error(`no set-cookie in the answer (${res.status}: ${res.text})`);
  return value;
}

/** "name=value" of a Set-Cookie header: what the browser sends back. */
function cookiePair(setCookie: string): string {
  return setCookie.split(';')[0];
}

function attributesOf(setCookie: string): string[] {
  return setCookie
    .split(';')
    .slice(1)
    .map((part) => part.trim());
}

interface Client {
  signIn(key: string, extra?: Record<string, string>, localAddress?: string): Promise<RawResponse>;
  get(path: string, cookie: string | null, extra?: Record<string, string>): Promise<RawResponse>;
  mutate(path: string, body: unknown, cookie: string, extra?: Record<string, string>): Promise<RawResponse>;
}

function clientOf(server: TestServer): Client {
  const { host } = new URL(server.url);
  return {
    signIn: (key, extra = {}, localAddress) => rawRequest(server.url, { method: 'POST', path: SESSION_PATH, headers: { authorization: `Bearer ${key}`, ...extra }, localAddress }),
    get: (path, cookie, extra = {}) => rawRequest(server.url, { path, headers: { ...(cookie ? { cookie } : {}), ...extra } }),
    mutate: (path, body, cookie, extra = { origin: `http://${host}`, 'sec-fetch-site': 'same-origin' }) =>
      rawRequest(server.url, { method: 'POST', path, headers: { cookie, 'content-type': 'application/json', ...extra }, body: JSON.stringify(body) }),
  };
}

async function signedInCookie(client: Client, key: string): Promise<string> {
  const res = await client.signIn(key);
  expect(res.status).toBe(201);
  return cookiePair(setCookieOf(res));
}

/**
 * Opens an SSE subscription and reads it for half a second, then closes it. tRPC answers 200 and
 * `connected` either way, and sends an authentication failure as a `serialized-error` event.
 */
function openStream(server: TestServer, path: string, headers: Record<string, string>): Promise<{ status: number; type: string; events: string }> {
  const { port } = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: Number(port), path, headers }, (res) => {
      let events = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        events += chunk;
      });
      setTimeout(() => {
        resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? ''), events });
        res.destroy();
        req.destroy();
      }, 500);
    });
    req.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
    req.end();
  });
}

describe('console sessions (headless sign-in across tabs)', () => {
  let server: TestServer;
  let client: Client;
  let origin: string;

  beforeAll(async () => {
    server = await startServer();
    client = clientOf(server);
    origin = `http://${new URL(server.url).host}`;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('issues an HttpOnly, SameSite=Strict, Path=/ session cookie for a valid key, and says who signed in', async () => {
    const res = await client.signIn(server.key);
    expect(res.status).toBe(201);
    const setCookie = setCookieOf(res);
    expect(setCookie).toMatch(/^sightline_session_[0-9a-f]{12}=[A-Za-z0-9_-]{43};/);
    const attributes = attributesOf(setCookie);
    expect(attributes).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Strict']));
    // Plain http: a Secure cookie would not even be kept by the browser.
    expect(attributes).not.toContain('Secure');
    expect(attributes.some((a) => /^(Max-Age|Expires|Domain)=/i.test(a))).toBe(false);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatchObject({ signedIn: true, role: 'OWNER', accountId: server.backend.accountId, user: { name: 'Owner' } });
    expect(Date.parse(res.body.expiresAt)).toBeGreaterThan(Date.parse(res.body.idleExpiresAt) - 1);
    // The key is nowhere in the answer.
    expect(res.text).not.toContain(server.key);
  });

  it('sets a readable signed-in hint beside the session cookie, holding no secret, and clears it with the session', async () => {
    const res = await client.signIn(server.key);
    const cookies = res.headers['set-cookie'] as string[];
    expect(cookies).toHaveLength(2);
    const hint = cookies[1];
    expect(cookiePair(hint)).toBe(`${SIGNED_IN_HINT_COOKIE}=1`);
    expect(attributesOf(hint)).toEqual(['Path=/', 'SameSite=Strict']);
    const cookie = cookiePair(cookies[0]);

    const out = await rawRequest(server.url, { method: 'DELETE', path: SESSION_PATH, headers: { cookie, origin } });
    expect(out.status).toBe(204);
    const cleared = out.headers['set-cookie'] as string[];
    expect(cleared.map(cookiePair)).toEqual([expect.stringMatching(/^sightline_session_[0-9a-f]{12}=$/), `${SIGNED_IN_HINT_COOKIE}=`]);
    expect(attributesOf(cleared[1])).toContain('Max-Age=0');

    // A hint left without its session is cleared by the status check.
    const orphan = await client.get(SESSION_PATH, `${SIGNED_IN_HINT_COOKIE}=1`);
    expect(orphan.body).toEqual({ signedIn: false, reason: 'unknown' });
    expect((orphan.headers['set-cookie'] as string[]).map(cookiePair)).toContain(`${SIGNED_IN_HINT_COOKIE}=`);
  });

  it('marks the cookie Secure when the browser talks https (the request or its Origin)', async () => {
    const res = await client.signIn(server.key, { origin: 'https://sightline.example.test' });
    expect(res.status).toBe(201);
    expect(attributesOf(setCookieOf(res))).toContain('Secure');
  });

  it('issues nothing without a key or for a wrong key', async () => {
    const none = await rawRequest(server.url, { method: 'POST', path: SESSION_PATH });
    expect(none.status).toBe(401);
    expect(none.headers['set-cookie']).toBeUndefined();
    const wrong = await client.signIn('sl_not_a_key_of_this_server');
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    expect(wrong.headers['set-cookie']).toBeUndefined();
  });

  it('counts wrong keys as failed authentications of the address: 429 after the limit, even for the right key', async () => {
    const address = '127.0.0.9';
    for (let i = 0; i < 20; i += 1) expect((await client.signIn(`sl_guess_${i}`, {}, address)).status).toBe(401);
    const blocked = await client.signIn(server.key, {}, address);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(blocked.headers['set-cookie']).toBeUndefined();
    // The REST API refuses that address too: one limit.
    expect((await rawRequest(server.url, { path: '/v1/checks', headers: { authorization: `Bearer ${server.key}` }, localAddress: address })).status).toBe(429);
  });

  it('opens tRPC queries and SSE subscriptions with the cookie alone', async () => {
    const cookie = await signedInCookie(client, server.key);
    const whoami = await client.get(WHOAMI, cookie);
    expect(whoami.status).toBe(200);
    expect(whoami.body.result.data).toMatchObject({ role: 'OWNER', name: 'Owner' });
    expect((await client.get(CHECKS_LIST, cookie)).status).toBe(200);
    expect((await client.get(CHECKS_LIST, null)).status).toBe(401);

    const stream = await openStream(server, '/trpc/checkSessions.onUpdate', { cookie, accept: 'text/event-stream' });
    expect(stream).toMatchObject({ status: 200 });
    expect(stream.type).toContain('text/event-stream');
    expect(stream.events).toMatch(/^event: connected/m);
    expect(stream.events).not.toContain('error');
    const refused = await openStream(server, '/trpc/checkSessions.onUpdate', { accept: 'text/event-stream' });
    expect(refused.events).toMatch(/^event: serialized-error/m);
    expect(refused.events).toContain('UNAUTHORIZED');
  });

  it('never opens the REST API: /v1 wants the key in Authorization', async () => {
    const cookie = await signedInCookie(client, server.key);
    const rest = await client.get('/v1/checks', cookie);
    expect(rest.status).toBe(401);
    expect(rest.body).toEqual({ statusCode: 401, error: 'Unauthorized', message: 'Bad Token' });
    expect((await client.get('/v1/accounts/me', cookie)).status).toBe(401);
  });

  it('refuses a mutation made with the cookie unless the browser says it comes from the same origin', async () => {
    const cookie = await signedInCookie(client, server.key);
    const body = { name: 'Made with the cookie', request: { hostname: '127.0.0.1' } };
    const path = '/trpc/checks.createIcmp';
    const refusals: Record<string, string>[] = [
      {},
      { origin: 'http://evil.example' },
      { origin: 'null' },
      { origin: `https://${new URL(server.url).host}.evil.example` },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin },
      { 'sec-fetch-site': 'same-origin', origin: 'http://127.0.0.1:1' },
    ];
    for (const headers of refusals) {
      const res = await client.mutate(path, body, cookie, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
      expect(res.body.error.data.code).toBe('FORBIDDEN');
      expect(res.body.error.message).toMatch(/same origin/);
    }
    expect((await server.api('GET', '/v1/checks')).body).toEqual([]);

    expect((await client.mutate(path, body, cookie, { origin })).status).toBe(200);
    expect((await client.mutate(path, { ...body, name: 'Second' }, cookie, { 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await client.mutate(path, { ...body, name: 'Third' }, cookie)).status).toBe(200);
    expect((await server.api('GET', '/v1/checks')).body).toHaveLength(3);
  });

  it('an Authorization header wins over the cookie (and needs no origin)', async () => {
    const member = await addMemberWithKey(server, 'READ_ONLY');
    const ownerCookie = await signedInCookie(client, server.key);
    const res = await rawRequest(server.url, { path: WHOAMI, headers: { cookie: ownerCookie, authorization: `Bearer ${member.key}` } });
    expect(res.body.result.data.role).toBe('READ_ONLY');
    const wrong = await rawRequest(server.url, { path: WHOAMI, headers: { cookie: ownerCookie, authorization: 'Bearer sl_wrong_key' } });
    expect(wrong.status).toBe(401);
  });

  it('GET tells whether the browser is signed in and with which role', async () => {
    expect((await client.get(SESSION_PATH, null)).body).toEqual({ signedIn: false, reason: 'signed_out' });
    const member = await addMemberWithKey(server, 'READ_RUN', 'Runner');
    const cookie = await signedInCookie(client, member.key);
    const status = await client.get(SESSION_PATH, cookie);
    expect(status.status).toBe(200);
    expect(status.headers['cache-control']).toBe('no-store');
    expect(status.body).toMatchObject({ signedIn: true, role: 'READ_RUN', user: { id: member.userId, name: 'Runner', email: member.email } });
    // The role is the key's as stored now: a change applies to the session at once.
    expect((await server.api('PATCH', `/v1/accounts/me/members/${member.userId}`, { role: 'READ_ONLY' })).status).toBe(200);
    expect((await client.get(SESSION_PATH, cookie)).body).toMatchObject({ signedIn: true, role: 'READ_ONLY' });
    const refused = await client.mutate('/trpc/checkSessions.runNow', { checkId: 'none' }, cookie);
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/READ_ONLY keys may only read/);
  });

  it('sign-out ends the session and clears the cookie; the old cookie opens nothing', async () => {
    const cookie = await signedInCookie(client, server.key);
    const crossSite = await rawRequest(server.url, { method: 'DELETE', path: SESSION_PATH, headers: { cookie, origin: 'http://evil.example' } });
    expect(crossSite.status).toBe(403);
    expect((await client.get(WHOAMI, cookie)).status).toBe(200);

    const out = await rawRequest(server.url, { method: 'DELETE', path: SESSION_PATH, headers: { cookie, origin } });
    expect(out.status).toBe(204);
    const cleared = setCookieOf(out);
    expect(cleared).toMatch(/^sightline_session_[0-9a-f]{12}=;/);
    expect(attributesOf(cleared)).toEqual(expect.arrayContaining(['Path=/', 'HttpOnly', 'SameSite=Strict', 'Max-Age=0']));

    const after = await client.get(WHOAMI, cookie);
    expect(after.status).toBe(401);
    expect(after.body.error.message).toMatch(/^Signed out/);
    const status = await client.get(SESSION_PATH, cookie);
    expect(status.body).toEqual({ signedIn: false, reason: 'signed_out' });
    expect(setCookieOf(status)).toMatch(/Max-Age=0/);
  });

  it('removing the member or revoking its key ends its sessions', async () => {
    const member = await addMemberWithKey(server, 'READ_WRITE');
    const first = await signedInCookie(client, member.key);
    const second = await signedInCookie(client, member.key);
    expect((await client.get(WHOAMI, first)).status).toBe(200);
    expect((await server.api('DELETE', `/v1/accounts/me/members/${member.userId}`)).status).toBe(204);
    for (const cookie of [first, second]) {
      expect((await client.get(WHOAMI, cookie)).status).toBe(401);
      expect((await client.get(SESSION_PATH, cookie)).body).toEqual({ signedIn: false, reason: 'key_revoked' });
    }
  });

  it('an unknown session is 401 but does not count as a failed authentication', async () => {
    const name = cookiePair(setCookieOf(await client.signIn(server.key))).split('=')[0];
    const address = '127.0.0.10';
    for (let i = 0; i < 30; i += 1) {
      const res = await rawRequest(server.url, { path: WHOAMI, headers: { cookie: `${name}=${'x'.repeat(43)}` }, localAddress: address });
      expect(res.status).toBe(401);
    }
    expect((await rawRequest(server.url, { path: '/v1/checks', headers: { authorization: `Bearer ${server.key}` }, localAddress: address })).status).toBe(200);
  });
});

describe('console session lifetime', () => {
  let server: TestServer;
  let client: Client;
  const clock = new ManualClock('2026-03-01T00:00:00.000Z');
  const HOUR = 60 * 60 * 1000;

  beforeAll(async () => {
    server = await startServer({ clock });
    client = clientOf(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('ends after 12 hours without a request', async () => {
    const cookie = await signedInCookie(client, server.key);
    clock.advance(11 * HOUR);
    expect((await client.get(WHOAMI, cookie)).status).toBe(200);
    // Used an hour ago: the idle time starts again.
    clock.advance(12 * HOUR - 1000);
    expect((await client.get(WHOAMI, cookie)).status).toBe(200);
    clock.advance(12 * HOUR);
    expect((await client.get(WHOAMI, cookie)).status).toBe(401);
    expect((await client.get(SESSION_PATH, cookie)).body).toEqual({ signedIn: false, reason: 'expired' });
  });

  it('ends 7 days after sign-in however busy it is', async () => {
    const cookie = await signedInCookie(client, server.key);
    for (let elapsed = 0; elapsed < 7 * 24 * HOUR - 10 * HOUR; elapsed += 10 * HOUR) {
      clock.advance(10 * HOUR);
      expect((await client.get(WHOAMI, cookie)).status).toBe(200);
    }
    clock.advance(10 * HOUR);
    expect((await client.get(WHOAMI, cookie)).status).toBe(401);
  });
});
