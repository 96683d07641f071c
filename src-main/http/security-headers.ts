import type { FastifyInstance } from 'fastify';

/**
 * Pages (the console, /docs): scripts only from this origin and never inline, no plugins, no
 * framing, no <base>, API calls (tRPC, SSE) to this origin only. Styles allow 'unsafe-inline':
 * Mantine writes its theme variables into <style> elements at run time, and swagger-ui and
 * CodeMirror do the same; a style cannot run script, and images and fonts (the way CSS could carry
 * data out) are limited to this origin.
 */
export const PAGE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Everything else (JSON, scripts, styles, images): nothing loads from it, nobody frames it. */
export const RESOURCE_CSP = "default-src 'none'; frame-ancestors 'none'";

/** Every response: no MIME sniffing, no referrer, no framing; a CSP for pages and one for everything else. */
export function addSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    reply.header('x-frame-options', 'DENY');
    // A 304 carries no content type, and its headers replace the cached ones: the cached page keeps its own policy.
    if (reply.statusCode === 304) return payload;
    const type = String(reply.getHeader('content-type') ?? '').toLowerCase();
    reply.header('content-security-policy', type.startsWith('text/html') ? PAGE_CSP : RESOURCE_CSP);
    return payload;
  });
}
