import type { FastifyInstance } from 'fastify';
import { jsonNestsDeeperThan, jsonTooDeepError, nulCharacterError, nulCharacterPath } from './json-depth';

/**
 * Fastify's own JSON parser (its prototype-poisoning checks and empty-body error kept) behind the
 * nesting-depth scan: a body nested deeper than the limit answers 400 without being parsed.
 * Installed on the root before any scope is registered, so every route inherits it; tRPC's adapter
 * replaces it with one that keeps the text, which trpc/context.ts scans after authentication.
 */
export function parseJsonWithDepthLimit(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser(app.initialConfig.onProtoPoisoning ?? 'error', app.initialConfig.onConstructorPoisoning ?? 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    if (jsonNestsDeeperThan(body)) {
      done(jsonTooDeepError(), undefined);
      return;
    }
    // The one decoding Fastify's string parser would have made.
    const text = typeof body === 'string' ? body : body.toString('utf8');
    parse(request, text, (error, value) => {
      const nul = error ? null : nulCharacterPath(text, value);
      if (nul) done(nulCharacterError(nul), undefined);
      else done(error, value);
    });
  });
}

/**
 * A request for no route answers 404 before its body is read: nothing would use what it carries.
 * (Fastify would otherwise read and parse it for the not-found handler.) The error handler turns
 * the error into the same body the not-found handler sends.
 */
export function answerUnknownRoutesUnread(app: FastifyInstance): void {
  app.addHook('preParsing', async (request) => {
    if (request.is404) throw Object.assign(new Error('Not Found'), { statusCode: 404 });
  });
}
