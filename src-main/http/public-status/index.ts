import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { APP_ERROR_STATUS, type AppError, isAppError } from '../../core/errors';
import {
  checkConfirmLink,
  CONFIRMATION_TTL_MS,
  confirmSubscription,
  loadPublicStatusPage,
  type PublicPageHeading,
  publicPageHeading,
  subscribe,
  unsubscribe,
} from '../../services/status-pages';
import { describeIssues, errorBody } from '../../../src-shared/errors';
import { SubscribeInput } from '../../../src-shared/schemas/status-page-public';
import { STATUS_PAGE_SLUG } from '../../../src-shared/schemas/status-page-resource';
import { SMALL_BODY_LIMIT_BYTES } from '../body-limit';
import type { HttpDeps } from '../deps';
import { clientAddress } from '../request-limits';
import { toRestError } from '../rest/error-mapper';
import { notice } from './html';
import { createPublicLimits, type Refusal } from './limits';
import { renderAtom, renderRss } from './render-feeds';
import { renderStatusPage } from './render-page';
import { LOCAL_TIME_ROUTE, LOCAL_TIME_SCRIPT } from './local-time';
import { STYLESHEET, STYLESHEET_ROUTE } from './stylesheet';
import { summaryJson } from './summary';

interface SlugRoute {
  Params: { slug: string };
  Querystring: Record<string, string | string[] | undefined>;
  Body: unknown;
}

const NOT_FOUND_TITLE = 'Status page not found';
const NOT_FOUND_MESSAGE = 'There is no published status page at this address. Check the link, or ask the people who run the service for the right one.';

function sendHtml(reply: FastifyReply, status: number, html: string): FastifyReply {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
}

function sendJson(reply: FastifyReply, status: number, body: unknown): FastifyReply {
  return reply.status(status).type('application/json; charset=utf-8').header('cache-control', 'no-cache').header('access-control-allow-origin', '*').send(body);
}

function htmlNotFound(reply: FastifyReply): FastifyReply {
  return sendHtml(reply, 404, notice({ title: NOT_FOUND_TITLE, message: NOT_FOUND_MESSAGE }));
}

function jsonNotFound(reply: FastifyReply): FastifyReply {
  return sendJson(reply, 404, errorBody(404, 'Not Found: there is no published status page at this address'));
}

/** The slug of the route, or null when it cannot name a page (404 before any look-up). */
function slugOf(request: FastifyRequest<SlugRoute>): string | null {
  const slug = request.params.slug;
  return STATUS_PAGE_SLUG.test(slug) && slug.length <= 63 ? slug : null;
}

function wantsJson(request: FastifyRequest): boolean {
  return String(request.headers['content-type'] ?? '').toLowerCase().includes('json') || request.url.split('?')[0].endsWith('.json');
}

/** A link parameter from the query string or the form body. */
function linkParam(request: FastifyRequest<SlugRoute>, name: 's' | 't'): unknown {
  const fromQuery = request.query[name];
  if (typeof fromQuery === 'string') return fromQuery;
  const body = request.body;
  return body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
}

function pageLink(page: PublicPageHeading): { href: string; label: string } {
  return { href: `/status/${encodeURIComponent(page.slug)}`, label: `Back to ${page.name}` };
}

function tooMany(request: FastifyRequest, reply: FastifyReply, refusal: Refusal, page?: PublicPageHeading): FastifyReply {
  const { rule, limit, retryAfterSeconds, message } = refusal;
  reply.header('retry-after', String(retryAfterSeconds));
  if (wantsJson(request)) return sendJson(reply, 429, errorBody(429, message, { rule, limit, retryAfterSeconds }));
  return sendHtml(reply, 429, notice({ title: 'Please wait a moment', message, back: page ? pageLink(page) : undefined, theme: page?.theme }));
}

/** A limit of the subscription rules (services/status-pages/subscription-limits.ts) as a refusal. */
function serviceRefusal(error: AppError): Refusal {
  const { rule, limit, retryAfterSeconds } = error.attributes ?? {};
  return { rule: String(rule), limit: Number(limit), retryAfterSeconds: Number(retryAfterSeconds), message: error.message };
}

/**
 * The public status pages at /status/<url>: HTML, JSON and feeds for anyone (no API key), and the
 * subscriber sign-up. Registered outside the API-key scope; the Host check and the security headers
 * of the whole app (a strict CSP on every page) apply here as everywhere.
 */
export function publicStatusRoutes(deps: HttpDeps): FastifyPluginAsync {
  return async (app: FastifyInstance) => {
    const services = deps.services;
    const limits = createPublicLimits();

    // Pages for people, not operations of the REST API: left out of /openapi.json. Their posts are an
    // address or two link parameters, from anyone: a small body limit (JSON, forms and multipart alike).
    app.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
      route.bodyLimit = SMALL_BODY_LIMIT_BYTES;
    });
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    // RFC 8058 lets mail clients post the one-click unsubscribe as multipart: its link parameters are in the URL.
    app.addContentTypeParser('multipart/form-data', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));

    app.addHook('onRequest', async (request, reply) => {
      const refusal = limits.request(request.ip);
      if (refusal) return tooMany(request, reply, refusal);
    });

    app.setErrorHandler((error, request, reply) => {
      const body = toRestError(error, services.logger, request.routeOptions.bodyLimit);
      if (wantsJson(request)) return sendJson(reply, body.statusCode, body);
      const title = body.statusCode >= 500 ? 'Something went wrong' : 'That did not work';
      return sendHtml(reply, body.statusCode, notice({ title, message: body.statusCode >= 500 ? 'The status page could not be shown. Try again in a moment.' : body.message }));
    });

    app.get(STYLESHEET_ROUTE, async (_request, reply) =>
      reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=86400').send(STYLESHEET),
    );

    app.get(LOCAL_TIME_ROUTE, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=86400').send(LOCAL_TIME_SCRIPT),
    );

    app.get<SlugRoute>('/status/:slug', async (request, reply) => {
      const slug = slugOf(request);
      const page = slug ? await loadPublicStatusPage(services, slug) : null;
      return page ? sendHtml(reply, 200, renderStatusPage(page)) : htmlNotFound(reply);
    });

    app.get<SlugRoute>('/status/:slug/', async (request, reply) => {
      const slug = slugOf(request);
      return slug ? reply.redirect(`/status/${slug}`, 301) : htmlNotFound(reply);
    });

    app.get<SlugRoute>('/status/:slug/summary.json', async (request, reply) => {
      const slug = slugOf(request);
      const page = slug ? await loadPublicStatusPage(services, slug) : null;
      return page ? sendJson(reply, 200, summaryJson(page)) : jsonNotFound(reply);
    });

    const feeds = [
      { path: 'feed.rss', type: 'application/rss+xml; charset=utf-8', render: renderRss },
      { path: 'feed.atom', type: 'application/atom+xml; charset=utf-8', render: renderAtom },
    ];
    for (const feed of feeds) {
      app.get<SlugRoute>(`/status/:slug/${feed.path}`, async (request, reply) => {
        const slug = slugOf(request);
        const page = slug ? await loadPublicStatusPage(services, slug) : null;
        if (!page) return jsonNotFound(reply);
        return reply.type(feed.type).header('cache-control', 'no-cache').header('access-control-allow-origin', '*').send(feed.render(page));
      });
    }

    app.post<SlugRoute>('/status/:slug/subscribe', async (request, reply) => {
      const json = wantsJson(request);
      const slug = slugOf(request);
      const page = slug ? await publicPageHeading(services, slug) : null;
      if (!slug || !page) return json ? jsonNotFound(reply) : htmlNotFound(reply);
      const fromClient = limits.subscribeFrom(request.ip);
      if (fromClient) return tooMany(request, reply, fromClient, page);
      const parsed = SubscribeInput.safeParse(request.body ?? {});
      if (!parsed.success) {
        const message = describeIssues(parsed.error.issues);
        if (json) return sendJson(reply, 400, errorBody(400, message));
        return sendHtml(
          reply,
          400,
          notice({ title: 'Check the email address', message: `That is not an address we can send to (${message}). Go back and try again.`, back: pageLink(page), theme: page.theme }),
        );
      }
      const email = parsed.data.email;
      const toMailbox = limits.subscribeTo(email);
      if (toMailbox) return tooMany(request, reply, toMailbox, page);
      try {
        await subscribe(services, page.slug, parsed.data, clientAddress(request.ip));
      } catch (error) {
        if (!isAppError(error)) throw error;
        const status = APP_ERROR_STATUS[error.kind];
        if (status === 404) return json ? jsonNotFound(reply) : htmlNotFound(reply);
        if (status === 429) return tooMany(request, reply, serviceRefusal(error), page);
        throw error;
      }
      // The same answer whether or not the address was subscribed already: the form tells no one who is.
      const hours = Math.round(CONFIRMATION_TTL_MS / 3_600_000);
      const message = `If ${email} can receive mail, a confirmation link is on its way. Follow it within ${hours} hours to start receiving incident updates.`;
      if (json) return sendJson(reply, 202, { message });
      return sendHtml(reply, 200, notice({ title: 'Check your inbox', message, back: pageLink(page), theme: page.theme }));
    });

    const invalidLink = (reply: FastifyReply, page: PublicPageHeading, what: string) =>
      sendHtml(reply, 404, notice({ title: 'This link does not work', message: `The ${what} link is not valid or has expired. Subscribe again from the status page.`, back: pageLink(page), theme: page.theme }));

    app.get<SlugRoute>('/status/:slug/confirm', async (request, reply) => {
      const slug = slugOf(request);
      const page = slug ? await publicPageHeading(services, slug) : null;
      if (!page) return htmlNotFound(reply);
      const s = linkParam(request, 's');
      const t = linkParam(request, 't');
      if (!await checkConfirmLink(services, page.slug, s, t)) return invalidLink(reply, page, 'confirmation');
      // A page with a button rather than a confirming GET: link scanners in mail systems open links too.
      return sendHtml(
        reply,
        200,
        notice({
          title: 'Confirm your subscription',
          message: `Receive an email whenever ${page.name} posts an incident update.`,
          form: { action: `/status/${page.slug}/confirm`, fields: { s: String(s), t: String(t) }, button: 'Confirm subscription' },
          back: pageLink(page),
          theme: page.theme,
        }),
      );
    });

    app.post<SlugRoute>('/status/:slug/confirm', async (request, reply) => {
      const slug = slugOf(request);
      const page = slug ? await publicPageHeading(services, slug) : null;
      if (!page) return htmlNotFound(reply);
      if (!await confirmSubscription(services, page.slug, linkParam(request, 's'), linkParam(request, 't'))) return invalidLink(reply, page, 'confirmation');
      return sendHtml(
        reply,
        200,
        notice({
          title: 'You are subscribed',
          message: `You will receive an email when ${page.name} posts an incident update. Every email has a link to unsubscribe.`,
          back: pageLink(page),
          theme: page.theme,
        }),
      );
    });

    const handleUnsubscribe = async (request: FastifyRequest<SlugRoute>, reply: FastifyReply) => {
      const slug = slugOf(request);
      if (!slug) return htmlNotFound(reply);
      const outcome = await unsubscribe(services, linkParam(request, 's'), linkParam(request, 't'));
      const page = await publicPageHeading(services, slug);
      if (outcome === 'INVALID_LINK') {
        return sendHtml(reply, 400, notice({ title: 'This link does not work', message: 'The unsubscribe link is not complete. Use the whole link from the email.', back: page ? pageLink(page) : undefined }));
      }
      return sendHtml(
        reply,
        200,
        notice({ title: 'You are unsubscribed', message: 'You will receive no more email from this status page.', back: page ? pageLink(page) : undefined, theme: page?.theme }),
      );
    };
    app.get<SlugRoute>('/status/:slug/unsubscribe', handleUnsubscribe);
    app.post<SlugRoute>('/status/:slug/unsubscribe', handleUnsubscribe);
  };
}

