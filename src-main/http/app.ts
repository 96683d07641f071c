import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { TRPCError } from '@trpc/server';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Logger } from '../core/logger';
import { isAppError } from '../core/errors';
import { errorBody } from '../../src-shared/errors';
import { BODY_LIMIT_BYTES } from './body-limit';
import { answerUnknownRoutesUnread, parseJsonWithDepthLimit } from './body-parsing';
import { acceptGzipBodies } from './body-encoding';
import { FIRST_REQUEST_TIMEOUT_MS, guardConnections, KEEP_ALIVE_TIMEOUT_MS } from './connection-guard';
import { dropEventStreamsOnClose } from './event-streams';
import type { HttpDeps } from './deps';
import { refuseForeignHosts } from './host-check';
import { refuseConnect, trpcMethodsOnly } from './method-guards';
import { createRequestLimits, WINDOW_MS } from './request-limits';
import { addSecurityHeaders } from './security-headers';
import { accountRoutes } from './rest/accounts/me';
import { alertChannelRoutes } from './rest/alert-channels';
import { alertNotificationRoutes } from './rest/alert-notifications';
import { testNotificationRoutes } from './rest/alert-notifications/test-notification';
import { memberRoutes } from './rest/accounts/members';
import { requireApiKey } from './rest/auth';
import { checkGroupRoutes } from './rest/check-groups';
import { checkRoutes } from './rest/checks';
import { analyticsRoutes } from './rest/analytics';
import { errorGroupRoutes } from './rest/error-groups';
import { checkResultAssetRoutes } from './rest/check-results/assets';
import { checkTypeRoutes } from './rest/checks/monitor-routes';
import { checkResultRoutes } from './rest/check-results';
import { checkSessionRoutes, checkSessionV2Routes } from './rest/check-sessions';
import { checkResultV2Routes } from './rest/check-results/v2';
import { testSessionRoutes } from './rest/test-sessions';
import { testRunRoutes } from './rest/test-sessions/run';
import { checklyStorageRoutes } from './rest/checkly-storage';
import { attachMqttBroker } from './mqtt/broker';
import { RunFeed } from './mqtt/run-feed';
import { storedCliDetails } from '../services/test-runs';
import { checkStatusRoutes } from './rest/check-statuses';
import { rateLimitError, restErrorHandler } from './rest/error-mapper';
import { recordRoutes } from './rest/route-list';
import { pingRoutes } from './ping';
import { statusPageRoutes } from './rest/status-pages';
import { privateLocationRoutes } from './rest/private-locations';
import { variableRoutes } from './rest/variables';
import { maintenanceWindowRoutes } from './rest/maintenance-windows';
import { runtimeRoutes } from './rest/runtimes';
import { locationRoutes } from './rest/locations';
import { nextRoutes } from './rest/next';
import { projectRoutes } from './rest/projects';
import { projectImportRoutes } from './rest/project-imports';
import { agentRoutes } from './rest/agent';
import { consoleSessionRoutes } from './console-session/routes';
import { ConsoleSessions } from '../services/auth';
import { publicStatusRoutes } from './public-status';
import { webAppRedirectRoutes } from './web-app-redirects';
import { authenticateTrpcRequests } from './trpc/context';
import { appRouter, type AppRouter } from './trpc/router';

/** The retry-after of a 429 from tRPC: the seconds its AppError carries. */
function retryAfterOf(error: TRPCError): number | undefined {
  if (error.code !== 'TOO_MANY_REQUESTS' || !isAppError(error.cause)) return undefined;
  const seconds = error.cause.attributes?.retryAfterSeconds;
  return typeof seconds === 'number' ? seconds : undefined;
}

export interface AppOptions {
  logger: Logger;
  rendererDir: string | null;
  rateLimitPerMinute: number;
  /** Failed authentications per minute per client address before 429s. */
  authFailuresPerMinute: number;
  /** Open connections per client address; more are closed on accept. */
  maxConnectionsPerAddress: number;
  /** Default FIRST_REQUEST_TIMEOUT_MS. */
  firstRequestTimeoutMs?: number;
  /** The listen address and the public names: a request for any other Host answers 421. */
  listenHost: string;
  publicHosts: readonly string[];
  /** The desktop console's origin (app://sightline), allowed to call the API cross-origin; it still needs the launch token. */
  desktopOrigin?: string;
}

export async function buildApp(base: Omit<HttpDeps, 'limits' | 'consoleSession'>, options: AppOptions): Promise<FastifyInstance> {
  const limits = createRequestLimits(base.services.keyring, options);
  const consoleSession = {
    store: new ConsoleSessions(base.services),
    // One name per data folder: two servers on one host (cookies ignore the port) keep their sessions apart.
    cookieName: `sightline_session_${base.services.keyring.mac('console session cookie').slice(0, 12)}`,
  };
  const deps: HttpDeps = { ...base, limits, consoleSession };
  const app = Fastify({
    loggerInstance: options.logger as FastifyBaseLogger,
    bodyLimit: BODY_LIMIT_BYTES,
    keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
    routerOptions: { maxParamLength: 500 },
  });
  guardConnections(app.server, {
    maxPerAddress: options.maxConnectionsPerAddress,
    firstRequestTimeoutMs: options.firstRequestTimeoutMs ?? FIRST_REQUEST_TIMEOUT_MS,
    logger: options.logger,
  });
  recordRoutes(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.setErrorHandler(restErrorHandler(options.logger));
  app.setNotFoundHandler((_request, reply) => reply.status(404).send(errorBody(404, 'Not Found')));
  // Before any scope is registered, so that every scope inherits the parser.
  parseJsonWithDepthLimit(app);
  answerUnknownRoutesUnread(app);
  acceptGzipBodies(app);
  // First of all hooks: a request for a foreign Host (DNS rebinding) reaches nothing.
  refuseForeignHosts(app, { listenHost: options.listenHost, publicHosts: options.publicHosts });
  addSecurityHeaders(app);
  refuseConnect(app);
  dropEventStreamsOnClose(app);
  const broker = await attachMqttBroker(app, deps, { logger: options.logger, hosts: { listenHost: options.listenHost, publicHosts: options.publicHosts } });
  const runFeed = new RunFeed(broker, deps.services.runtime.events, options.logger, (accountId, checkId, checkResultId) => storedCliDetails({ ...deps.services, accountId }, checkId, checkResultId));
  app.addHook('onClose', async () => runFeed.stop());

  if (options.desktopOrigin) {
    const desktopOrigin = options.desktopOrigin;
    // The Electron console is an app:// page, another origin than the API's loopback port.
    app.addHook('onRequest', async (request, reply) => {
      if (request.headers.origin === desktopOrigin) {
        reply.header('access-control-allow-origin', desktopOrigin);
        reply.header('vary', 'origin');
        reply.header('access-control-allow-headers', 'authorization, content-type, x-service-account, x-checkly-account, last-event-id');
        reply.header('access-control-allow-methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
        if (request.method === 'OPTIONS') return reply.status(204).send();
      }
    });
  }

  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Sightline API',
        version: '1.0.0',
        description: 'The monitoring service API: checks, groups, alert channels, status pages, sessions and notifications.',
      },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  await app.register(async (rest) => {
    requireApiKey(rest, deps);
    // onRequest, after the key check: requests with bad bodies count too.
    await rest.register(fastifyRateLimit, {
      hook: 'onRequest',
      max: limits.budget.max,
      timeWindow: WINDOW_MS,
      // The same windows as tRPC's: one budget per key over both, however "Bearer" is spelled.
      store: limits.budget.restStore(),
      keyGenerator: (request) => limits.budget.bucketOf(request.headers.authorization, request.ip),
      errorResponseBuilder: (_request, context) => rateLimitError(context.max, WINDOW_MS, context.ttl),
    });
    await rest.register(accountRoutes(deps));
    await rest.register(memberRoutes(deps));
    await rest.register(checkRoutes(deps));
    await rest.register(analyticsRoutes(deps));
    await rest.register(errorGroupRoutes(deps));
    for (const routes of checkTypeRoutes(deps)) await rest.register(routes);
    await rest.register(checkGroupRoutes(deps));
    await rest.register(alertChannelRoutes(deps));
    await rest.register(statusPageRoutes(deps));
    await rest.register(checkSessionRoutes(deps));
    await rest.register(checkSessionV2Routes(deps));
    await rest.register(testSessionRoutes(deps, runFeed));
    await rest.register(testRunRoutes(deps, runFeed));
    await rest.register(checklyStorageRoutes(deps));
    await rest.register(checkResultRoutes(deps));
    await rest.register(checkResultAssetRoutes(deps));
    await rest.register(checkResultV2Routes(deps));
    await rest.register(checkStatusRoutes(deps));
    await rest.register(alertNotificationRoutes(deps));
    await rest.register(testNotificationRoutes(deps));
    await rest.register(privateLocationRoutes(deps));
    await rest.register(variableRoutes(deps));
    await rest.register(maintenanceWindowRoutes(deps));
    await rest.register(runtimeRoutes(deps));
    await rest.register(locationRoutes(deps));
    await rest.register(nextRoutes(deps));
    await rest.register(projectRoutes(deps));
    await rest.register(projectImportRoutes(deps));
  });

  // The console's sign-in (headless mode): outside /v1, which only the API key in Authorization opens.
  await app.register(consoleSessionRoutes(deps));

  // Remote agents authenticate with private-location keys, not API keys: outside the API-key scope.
  await app.register(agentRoutes(deps));

  // Heartbeat ping URLs: the token is the credential, outside the API-key scope and its budget.
  await app.register(pingRoutes(deps));

  // Published status pages are for anyone: outside the API-key scope (the Host check and security headers still apply).
  await app.register(publicStatusRoutes(deps));

  // The CLI's links to its cloud app's pages: redirects to the console, for anyone (the console then asks for sign-in).
  await app.register(webAppRedirectRoutes());

  await app.register(async (trpcScope) => {
    trpcMethodsOnly(trpcScope);
    // The console's own RPC, not part of the public REST API: left out of /openapi.json.
    trpcScope.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    const createContext = authenticateTrpcRequests(trpcScope, deps);
    await trpcScope.register(fastifyTRPCPlugin, {
      prefix: '/trpc',
      trpcOptions: {
        router: appRouter,
        createContext,
        onError({ error }) {
          if (error.code === 'INTERNAL_SERVER_ERROR') options.logger.error({ err: error.cause ?? error }, 'tRPC procedure failed');
        },
        responseMeta({ errors }) {
          const retryAfter = errors.map(retryAfterOf).find((seconds) => seconds !== undefined);
          return retryAfter === undefined ? {} : { headers: { 'retry-after': String(retryAfter) } };
        },
      } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
    });
  });

  if (options.rendererDir && existsSync(join(options.rendererDir, 'index.html'))) {
    const hashedAssets = join(options.rendererDir, 'assets') + sep;
    await app.register(fastifyStatic, {
      root: options.rendererDir,
      prefix: '/',
      wildcard: false,
      index: ['index.html'],
      // Vite names every file under assets/ by its content's hash: a tab loads them from its cache without
      // asking again (one round trip less per file on each load); index.html is still asked for every time.
      setHeaders: (reply, path) => {
        if (path.startsWith(hashedAssets)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
    // Browsers (and /docs) ask for /favicon.ico whatever the page links: the console's SVG icon answers it.
    if (existsSync(join(options.rendererDir, 'favicon.svg'))) {
      app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) => reply.header('cache-control', 'public, max-age=86400').sendFile('favicon.svg'));
    }
  } else {
    app.get('/', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/html').send('<!doctype html><title>Sightline</title><p>The console is not built. Run <code>npm run build:renderer</code> and restart, or use the API at <a href="/docs">/docs</a>.</p>'),
    );
  }
  return app;
}
