import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { APP_ORIGIN } from './security';

/** The scheme the console is served from instead of file:// (which gives every page the whole disk). */
export const APP_SCHEME = 'app';

/** Registered before `ready`: standard (real origin, relative URLs), secure (like https), fetch and CSP apply. */
export const APP_SCHEME_PRIVILEGES = { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: false, stream: false } };

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
  '.ico': 'image/x-icon',
};

/**
 * The console's policy as a response header, as the server sends it, except that the API lives on
 * another origin (the backend's loopback port, known only at start): connect-src names exactly it.
 */
export function desktopCsp(apiOrigin: string): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self' data:",
    `connect-src 'self' ${apiOrigin}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The file an app:// URL names inside the built console, or null (another host, outside the folder). */
export function resolveAppPath(rendererDir: string, url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== `${APP_SCHEME}:` || `${parsed.protocol}//${parsed.host}` !== APP_ORIGIN) return null;
  let pathname: string;
  try {
    pathname = decodeURIComponent(parsed.pathname);
  } catch {
    return null;
  }
  if (pathname.includes('\0')) return null;
  const root = resolve(rendererDir);
  const file = resolve(root, `.${pathname === '/' ? '/index.html' : pathname}`);
  return file.startsWith(root + sep) ? file : null;
}

export type ReadFile = (path: string) => Promise<Buffer>;

/** Answers one app:// request: the file with its type and the hardening headers, or a 404 with the same headers. */
export async function appProtocolResponse(rendererDir: string, url: string, apiOrigin: string, read: ReadFile = readFile): Promise<Response> {
  const headers = {
    'content-security-policy': desktopCsp(apiOrigin),
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
  const file = resolveAppPath(rendererDir, url);
  if (file) {
    try {
      const body = await read(file);
      return new Response(new Uint8Array(body), { status: 200, headers: { ...headers, 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' } });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT' && (error as NodeJS.ErrnoException).code !== 'EISDIR') throw error;
    }
  }
  return new Response('Not found', { status: 404, headers: { ...headers, 'content-type': 'text/plain; charset=utf-8' } });
}

/** The part of Electron's `protocol` module this needs. */
export interface ProtocolModule {
  handle(scheme: string, handler: (request: Request) => Promise<Response>): void;
}

export function serveConsoleOverAppProtocol(protocol: ProtocolModule, rendererDir: string, apiOrigin: () => string): void {
  protocol.handle(APP_SCHEME, (request) => appProtocolResponse(rendererDir, request.url, apiOrigin()));
}
