import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ORIGIN } from '../../src-main/electron/security';
import { startServer, type TestServer } from '../helpers/server';

/** The console in the app is an app:// page calling the backend's loopback port: CORS for exactly that origin. */
describe('desktop app: the API answers the app:// console, and no other page', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ desktopOrigin: APP_ORIGIN, issueLaunchToken: true });
  });
  afterAll(() => server.stop());

  const preflight = (origin: string) =>
    fetch(`${server.url}/trpc/accounts.me`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' } });

  it('a preflight from app://sightline is allowed; the launch token then reads the account', async () => {
    const res = await preflight(APP_ORIGIN);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
    expect(res.headers.get('access-control-allow-headers')).toContain('authorization');
    const me = await fetch(`${server.url}/trpc/accounts.me`, { headers: { origin: APP_ORIGIN, authorization: `Bearer ${server.backend.launchToken ?? ''}` } });
    expect(me.status).toBe(200);
    expect(me.headers.get('access-control-allow-origin')).toBe(APP_ORIGIN);
  });

  it('file:// pages (origin "null") and other sites get no CORS grant', async () => {
    for (const origin of ['null', 'http://evil.example', 'app://sightline.evil']) {
      const res = await preflight(origin);
      expect(res.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
  });
});
