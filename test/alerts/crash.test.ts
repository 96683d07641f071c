import { rm } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { killLeftovers, startCli, type CliServer } from '../helpers/cli';
import { makeApi, makeDataDir } from '../helpers/server';
import { startHttpReceiver, type HttpReceiver, type ReceivedRequest } from '../notify/receivers';
import { trpcClient } from '../helpers/trpc';

const KEY = 'sl_crash_test_key_0123456789';

/** A receiver that, like a real idempotent consumer, acts once per Idempotency-Key. */
function acceptedKeys(requests: ReceivedRequest[]): Map<string, number> {
  const seen = new Map<string, number>();
  for (const r of requests) {
    const key = String(r.headers['idempotency-key']);
    seen.set(key, (seen.get(key) ?? 0) + 1);
  }
  return seen;
}

describe('kill -9 between the outbox write and a finished delivery, then restart', () => {
  let dataDir: string;
  let receiver: HttpReceiver;
  let server: CliServer | null = null;

  beforeAll(async () => {
    dataDir = await makeDataDir();
    receiver = await startHttpReceiver();
  });
  afterEach(async () => {
    await server?.stop();
    server = null;
  });
  afterAll(async () => {
    killLeftovers();
    await receiver.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const serve = () => startCli(['--host', '127.0.0.1', '--port', '0', '--data-dir', dataDir, '--api-key', KEY, '--agent-health-port', '0']);

  /** Resolves when the receiver has seen `count` requests in all. */
  function receiverHas(count: number, then: () => void = () => {}): Promise<void> {
    return new Promise((resolve) => {
      receiver.reply((request) => {
        const reached = receiver.requests.length >= count;
        if (reached) resolve();
        if (receiver.requests.length === 1) return 'hang';
        then();
        return { status: 200, body: `accepted ${String(request.headers['idempotency-key'])}` };
      });
    });
  }

  it('the notification is resent with the same Idempotency-Key and recorded SUCCESS once', async () => {
    const firstRequest = receiverHas(1);
    server = await serve();
    const api = makeApi(server.url, KEY);
    const channel = await api('POST', '/v1/alert-channels', { type: 'WEBHOOK', config: { name: 'Crash hook', url: `${receiver.url}/crash` } });
    expect(channel.status, channel.text).toBe(201);
    const sent = await api('POST', `/v1/alert-channels/${channel.body.id}/test`);
    expect(sent.status, sent.text).toBe(201);
    expect(sent.body.status).toBe('IN_PROGRESS');
    const notificationId = sent.body.id as string;

    // The first process is mid-send (the receiver holds the request): kill it without a chance to record anything.
    await firstRequest;
    expect(await server.stop('SIGKILL')).toBeNull();
    expect(server.child.signalCode).toBe('SIGKILL');

    const resent = receiverHas(2);
    server = await serve();
    await resent;
    const trpc = trpcClient(server.url, KEY);
    await expect.poll(async () => (await trpc.alerts.getNotification.query({ id: notificationId })).status, { timeout: 10_000 }).toBe('SUCCESS');

    const keys = acceptedKeys(receiver.requests);
    expect([...keys.keys()]).toEqual([notificationId]);
    expect(keys.get(notificationId)).toBe(2);
    const log = await makeApi(server.url, KEY)('GET', '/v1/alert-notifications');
    expect(log.body).toEqual([expect.objectContaining({ id: notificationId, status: 'SUCCESS', notificationResult: `accepted ${notificationId}` })]);
    expect((await trpc.alerts.getNotification.query({ id: notificationId })).attempts).toBe(2);

    // A clean restart sends nothing again: the next test notification is the only new request.
    await server.stop();
    const next = receiverHas(3);
    server = await serve();
    const again = await makeApi(server.url, KEY)('POST', `/v1/alert-channels/${channel.body.id}/test`);
    await next;
    expect([...acceptedKeys(receiver.requests).entries()]).toEqual([
      [notificationId, 2],
      [again.body.id, 1],
    ]);
  });
});
