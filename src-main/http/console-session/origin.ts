import type { FastifyRequest } from 'fastify';
import { AppError } from '../../core/errors';

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** "host:port" of an origin or a Host header, in lower case with the scheme's default port filled in; null when unreadable. */
function hostAndPort(value: string, scheme: string): string | null {
  try {
    const url = new URL(`${scheme}//${value}`);
    if (url.pathname !== '/' || url.username || url.search) return null;
    return `${url.hostname.toLowerCase()}:${url.port || (scheme === 'https:' ? '443' : '80')}`;
  } catch {
    return null;
  }
}

function originOf(origin: string): { scheme: string; host: string } | null {
  try {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return { scheme: url.protocol, host: url.host };
  } catch {
    return null;
  }
}

export const CROSS_ORIGIN_MESSAGE =
  'Forbidden: a change made with the console session must come from the console itself (same origin); other clients send the API key in the Authorization header';

/**
 * CSRF defence in depth for changes made with the console's session cookie (SameSite=Strict is the
 * first defence): the browser must say the request comes from this very origin. `Sec-Fetch-Site`,
 * when sent, must be `same-origin`; `Origin`, when sent, must name the host and port the request
 * was sent to (its Host); and at least one of them must be there — every browser that runs the
 * console sends both on a POST.
 */
export function assertSameOrigin(request: FastifyRequest): void {
  const site = header(request, 'sec-fetch-site');
  const origin = header(request, 'origin');
  const refuse = () => new AppError('forbidden', CROSS_ORIGIN_MESSAGE);
  if (site === undefined && origin === undefined) throw refuse();
  if (site !== undefined && site.trim().toLowerCase() !== 'same-origin') throw refuse();
  if (origin === undefined) return;
  const parsed = originOf(origin.trim());
  const host = header(request, 'host');
  if (!parsed || !host) throw refuse();
  const fromOrigin = hostAndPort(parsed.host, parsed.scheme);
  // Behind a TLS proxy the Host names the browser's https origin; it is compared with that origin's default port.
  if (!fromOrigin || fromOrigin !== hostAndPort(host.trim(), parsed.scheme)) throw refuse();
}
