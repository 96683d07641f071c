/**
 * The API the multi-step benchmarks' scripts call, run as its own process (bench/lib/flow-target.ts
 * spawns it) so its CPU is measured apart from the server's. On 127.0.0.1 only; it answers at once:
 *   GET  /items/:id      200 {"id", "name"}
 *   POST /items          201 the JSON body with an id
 *   GET  /needs-header   200 when the request has `x-bench-path: full` (set by test.use), else 400
 *   GET  /stats          what it served so far
 * It prints one line `flow target listening on <url>` and exits when its stdin closes (the bench ended).
 */
import { createServer } from 'node:http';

const stats = { itemGets: 0, itemPosts: 0, headerGets: 0, other: 0 };
let nextId = 1000;

const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const path = (req.url ?? '/').split('?')[0];
    const json = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method === 'GET' && path.startsWith('/items/')) {
      stats.itemGets++;
      json(200, { id: path.slice('/items/'.length), name: 'item' });
    } else if (req.method === 'POST' && path === '/items') {
      stats.itemPosts++;
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null');
      } catch {
        return json(400, { error: 'the body is not JSON' });
      }
      json(201, { id: nextId++, ...(typeof body === 'object' && body !== null ? body : { value: body }) });
    } else if (req.method === 'GET' && path === '/needs-header') {
      stats.headerGets++;
      if (req.headers['x-bench-path'] === 'full') json(200, { header: 'seen' });
      else json(400, { error: 'x-bench-path header missing: test.use({ extraHTTPHeaders }) was not applied' });
    } else if (req.method === 'GET' && path === '/stats') {
      json(200, stats);
    } else {
      stats.other++;
      json(404, { error: 'not found' });
    }
  });
});

server.keepAliveTimeout = 30_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`flow target listening on http://127.0.0.1:${port}\n`);
});
process.stdin.resume();
process.stdin.on('end', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
