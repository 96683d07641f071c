import { createServer, type ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback HTTP server that holds every request open until the test releases it, so the test
 * sees exactly which checks are running at once, without sleeps.
 */
export interface HoldServer {
  base: string;
  /** Requests waiting for an answer, oldest first, by the name in their path. */
  held: { name: string; res: ServerResponse }[];
  /** Every request's name, in arrival order. */
  arrivals: string[];
  /** The most group requests ever held at once. */
  maxGroupHeld: number;
  /** Jobs running in the embedded agent each time a request arrived. */
  agentActiveAtArrival: number[];
  /** Answers the held request (200 by default; another status makes the holding script fail). */
  release(name: string, status?: number): void;
  close(): Promise<void>;
}

export async function startHoldServer(isGroupRequest: (name: string) => boolean, agentActive: () => number): Promise<HoldServer> {
  const state: HoldServer = {
    base: '',
    held: [],
    arrivals: [],
    maxGroupHeld: 0,
    agentActiveAtArrival: [],
    release(name, status = 200) {
      const index = state.held.findIndex((h) => h.name === name);
      const [entry] = state.held.splice(index, 1);
      if (!entry) throw new Error(`no held request named ${name}`);
      entry.res.writeHead(status, { 'content-type': 'application/json' });
      entry.res.end(JSON.stringify({ ok: status === 200 }));
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  const server: Server = createServer((req, res) => {
    const name = (req.url ?? '').replace(/^\/hold\//, '');
    state.arrivals.push(name);
    state.held.push({ name, res });
    state.agentActiveAtArrival.push(agentActive());
    state.maxGroupHeld = Math.max(state.maxGroupHeld, state.held.filter((h) => isGroupRequest(h.name)).length);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return state;
}

export function holdingScript(url: string): string {
  return `import { test, expect } from '@playwright/test';
test('held request', async ({ request }) => {
  const response = await request.get('${url}', { timeout: 120_000 });
  expect(response.status()).toBe(200);
});`;
}
