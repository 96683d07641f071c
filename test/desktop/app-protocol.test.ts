import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_SCHEME_PRIVILEGES, appProtocolResponse, resolveAppPath, serveConsoleOverAppProtocol } from '../../src-main/electron/app-protocol';

describe('desktop app: the console served over app:// (a real built-console folder on disk)', () => {
  let root: string;
  let renderer: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'sightline-app-protocol-'));
    renderer = join(root, 'renderer');
    await mkdir(join(renderer, 'assets'), { recursive: true });
    await writeFile(join(renderer, 'index.html'), '<!doctype html><title>Sightline</title>');
    await writeFile(join(renderer, 'assets', 'index-1.js'), 'console.log(1)');
    await writeFile(join(root, 'secret.txt'), 'outside');
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('the scheme is registered as standard and secure (a real origin; CSP and fetch apply)', () => {
    expect(APP_SCHEME_PRIVILEGES).toMatchObject({ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } });
  });

  it('serves index.html at the root with the console\'s CSP as a header, connect-src naming the backend exactly', async () => {
    const res = await appProtocolResponse(renderer, 'app://sightline/', 'http://127.0.0.1:4310');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await res.text()).toContain('<title>Sightline</title>');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self' http://127.0.0.1:4310");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('127.0.0.1:*');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves assets with their type; a missing file is a 404 with the same headers', async () => {
    const js = await appProtocolResponse(renderer, 'app://sightline/assets/index-1.js', 'http://127.0.0.1:1');
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const missing = await appProtocolResponse(renderer, 'app://sightline/assets/nope.js', 'http://127.0.0.1:1');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-security-policy')).toContain("default-src 'self'");
  });

  it('nothing outside the console folder is reachable: dot segments, encoded ones, another host', async () => {
    for (const url of ['app://sightline/../secret.txt', 'app://sightline/%2e%2e/secret.txt', 'app://sightline/..%2fsecret.txt', 'app://sightline/assets/..%2f..%2fsecret.txt', 'app://other/index.html', 'app://sightline/%00']) {
      const res = await appProtocolResponse(renderer, url, 'http://127.0.0.1:1');
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).not.toContain('outside');
    }
    expect(resolveAppPath(renderer, 'app://sightline/assets/index-1.js')).toBe(join(renderer, 'assets', 'index-1.js'));
  });

  it('registers its handler on the scheme with Electron\'s protocol.handle', async () => {
    const handlers = new Map<string, (request: Request) => Promise<Response>>();
    serveConsoleOverAppProtocol({ handle: (scheme, handler) => handlers.set(scheme, handler) }, renderer, () => 'http://127.0.0.1:9');
    const res = await handlers.get('app')?.(new Request('app://sightline/index.html'));
    expect(res?.status).toBe(200);
    expect(res?.headers.get('content-security-policy')).toContain('http://127.0.0.1:9');
  });
});
