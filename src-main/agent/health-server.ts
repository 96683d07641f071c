import { createServer, type Server } from 'node:http';
import type { Logger } from '../core/logger';
import type { AgentHealth } from '../../src-shared/rules/lanes';
import type { ServerHealth } from '../../src-shared/rules/cluster';

export const DEFAULT_AGENT_HEALTH_HOST = '127.0.0.1';

export interface HealthServerOptions {
  /** 0 picks a free port. */
  port: number;
  host: string;
  logger: Logger;
  /** Readiness starts at 503 until markReady() (a remote agent before it has registered). */
  startNotReady?: boolean;
  /** A taken port falls back to a free one (with a warning) instead of leaving the probes unserved. */
  freePortIfTaken?: boolean;
  /**
   * What /health reports: lanes, skipped runs and the fix (200 either way: saturation is a warning,
   * not death, and a standby is healthy); a server adds its cluster (ServerHealth).
   */
  health?: () => AgentHealth | ServerHealth | Promise<AgentHealth | ServerHealth>;
}

export interface HealthServer {
  /** The bound port, or null when the port was taken and the probes are not served. */
  port: number | null;
  url: string | null;
  ready: boolean;
  markReady(): void;
  /** Readiness answers 503 from now on (shutdown has started); markReady() no longer changes it. */
  markShuttingDown(): void;
  close(): Promise<void>;
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

function warn(message: string): void {
  process.stderr.write(`Warning: ${message}\n`);
}

/**
 * The agent's probes (spec 4.10) on their own tiny server, apart from the API, so a load balancer
 * or orchestrator can watch the agent without an API key. A taken port is logged and skipped (or,
 * with `freePortIfTaken`, answered on a free port instead): the probes are an aid to orchestration,
 * and the API must still come up.
 */
export async function startHealthServer(options: HealthServerOptions): Promise<HealthServer> {
  let ready = !options.startNotReady;
  let shuttingDown = false;
  const markReady = () => {
    if (!shuttingDown) ready = true;
  };
  const markShuttingDown = () => {
    shuttingDown = true;
    ready = false;
  };
  const createProbeServer = () => {
    const server = createServer((request, response) => {
      const path = (request.url ?? '/').split('?')[0];
      const reply = (status: number, body: object) => {
        response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : JSON.stringify(body));
      };
      if (request.method !== 'GET' && request.method !== 'HEAD') return reply(404, { status: 'not found' });
      if (path === '/-/readiness') return ready ? reply(200, { status: 'ready' }) : reply(503, { status: 'shutting down' });
      if (path === '/-/liveness') return reply(200, { status: 'alive' });
      if (path === '/health') {
        if (!options.health) return reply(200, { status: 'ok' });
        Promise.resolve(options.health()).then(
          (health) => reply(200, health),
          (error: unknown) => {
            options.logger.error({ err: error }, 'agent health: /health could not be worked out');
            reply(503, { status: 'unavailable', message: 'Sightline could not read its own state; see its log' });
          },
        );
        return;
      }
      return reply(404, { status: 'not found' });
    });
    server.keepAliveTimeout = 1000;
    return server;
  };
  let server = createProbeServer();
  try {
    await listen(server, options.port, options.host);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    options.logger.warn({ err: error, port: options.port, host: options.host }, 'agent health probes cannot use their port');
    let served = false;
    if (options.freePortIfTaken && options.port !== 0) {
      server = createProbeServer();
      served = await listen(server, 0, options.host).then(
        () => true,
        () => false,
      );
    }
    if (served) {
      warn(`agent health probes: cannot listen on ${options.host}:${options.port} (${code}); serving them on a free port instead.`);
    } else {
      warn(
        `agent health probes not served: cannot listen on ${options.host}:${options.port} (${code}). ` +
          'Pick another port with --agent-health-port or AGENT_HEALTH_PORT (0 picks a free one).',
      );
      return {
        port: null,
        url: null,
        get ready() {
          return ready;
        },
        markReady,
        markShuttingDown,
        close: async () => undefined,
      };
    }
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  const host = options.host.includes(':') ? `[${options.host}]` : options.host;
  const listening = server;
  return {
    port,
    url: `http://${host}:${port}`,
    get ready() {
      return ready;
    },
    markReady,
    markShuttingDown,
    close: () =>
      new Promise<void>((resolve) => {
        listening.close(() => resolve());
        listening.closeAllConnections();
      }),
  };
}

export interface AgentProbeOptions {
  /** 0 picks a free port (Config.agentHealthPort for serve and the desktop app). */
  port: number;
  host?: string;
  logger: Logger;
  freePortIfTaken?: boolean;
  health?: () => AgentHealth | ServerHealth | Promise<AgentHealth | ServerHealth>;
}

/**
 * The embedded agent's probes as `sightline serve` and the desktop app start them: announced on
 * stdout; stop them with shutDownGracefully (graceful-shutdown.ts).
 */
export async function startAgentProbes(options: AgentProbeOptions): Promise<HealthServer> {
  const health = await startHealthServer({ port: options.port, host: options.host ?? DEFAULT_AGENT_HEALTH_HOST, logger: options.logger, freePortIfTaken: options.freePortIfTaken, health: options.health });
  if (health.url) process.stdout.write(`Agent health probes on ${health.url}\n`);
  return health;
}
