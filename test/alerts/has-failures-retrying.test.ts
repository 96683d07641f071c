import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChannel, START, startAlertHarness, type AlertHarness } from './harness';

/** A loopback port nothing listens on: bound once, then closed, so connecting is refused. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('GET /v1/alert-notifications?hasFailures=true lists a delivery from its first failed attempt on', () => {
  let h: AlertHarness;
  let dead: number;

  beforeAll(async () => {
    h = await startAlertHarness();
    dead = await createChannel(h.server, { type: 'WEBHOOK', config: { name: 'Dead hook', url: `http://127.0.0.1:${await closedPort()}/hook` } });
  });
  afterAll(async () => {
    await h.stop();
  });

  it('a refused connection is retried (IN_PROGRESS) and listed as failing at once', async () => {
    const sent = await h.server.api('POST', `/v1/alert-channels/${dead}/test`);
    expect(sent.status, sent.text).toBe(201);
    const id = sent.body.id as string;

    await h.server.backend.alerting.dispatcher.drain();
    const failing = await h.server.api('GET', '/v1/alert-notifications?hasFailures=true');
    expect(failing.status, failing.text).toBe(200);
    expect(failing.body).toHaveLength(1);
    expect(failing.body[0]).toMatchObject({ id, alertChannelId: dead, status: 'IN_PROGRESS', timestamp: START });
    expect(failing.body[0].notificationResult).toEqual(expect.any(String));
    expect(failing.headers.get('content-range')).toBe('0-0/1');
    expect((await h.server.api('GET', `/v1/alert-notifications?hasFailures=true&alertChannelId=${dead}`)).body).toHaveLength(1);
  });
});
