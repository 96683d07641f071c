import { createServer, request as httpRequest, type Server } from 'node:http';

/** One request the CLI made, timed at the proxy: first byte in → last byte of the answer out. */
export interface ProxiedRequest {
  method: string;
  /** The path without its query string, so runs group together. */
  path: string;
  query: string;
  status: number;
  startedAt: number;
  ms: number;
}

export interface TimingProxy {
  url: string;
  /** The requests since the last take(), oldest first. */
  take(): ProxiedRequest[];
  close(): Promise<void>;
}

/**
 * A pass-through HTTP proxy on 127.0.0.1 in front of the server: the CLI cannot report how long each
 * call took, so the bench times them here (streams are piped, so SSE answers flow as they come).
 */
export async function startTimingProxy(upstream: string): Promise<TimingProxy> {
  const target = new URL(upstream);
  if (!target.hostname.startsWith('127.')) throw new Error(`the timing proxy only forwards to loopback, not ${target.hostname}`);
  let seen: ProxiedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const startedAt = Date.now();
    const [path, query = ''] = (req.url ?? '/').split('?');
    const forward = httpRequest(
      { hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers: { ...req.headers, host: target.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        answer.on('end', () => seen.push({ method: req.method ?? '?', path, query, status: answer.statusCode ?? 0, startedAt, ms: Date.now() - startedAt }));
      },
    );
    forward.on('error', (error) => {
      seen.push({ method: req.method ?? '?', path, query, status: 502, startedAt, ms: Date.now() - startedAt });
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ statusCode: 502, error: 'Bad Gateway', message: `bench proxy: ${error.message}` }));
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    take() {
      const taken = seen;
      seen = [];
      return taken;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
