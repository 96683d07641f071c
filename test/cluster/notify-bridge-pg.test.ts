import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventBus, type ResultRecordedEvent } from '../../src-main/core/events';
import { PgNotifyBridge, splitByBytes } from '../../src-main/db/cluster/notify-pg';
import { startPgCluster, type PgCluster } from '../helpers/postgres';

/**
 * The LISTEN/NOTIFY bridge between the servers of a team (db/cluster/notify-pg.ts) on a real
 * PostgreSQL: messages of any size arrive whole and in order, a server does not hear itself, and a
 * remote event reaches the live feeds' listeners but never alerting's.
 */

const result = (errorMessage: string | null): ResultRecordedEvent => ({
  accountId: 'acc',
  checkId: 'check',
  checkName: 'Check',
  checkType: 'API',
  checkSessionId: 'session',
  checkResultId: 'result',
  runSource: 'SCHEDULER',
  runLocation: 'local',
  resultType: 'FINAL',
  hasFailures: errorMessage !== null,
  hasErrors: false,
  isDegraded: false,
  isCancelled: false,
  timedOut: false,
  responseTime: 12,
  startedAt: '2026-01-01T00:00:00.000Z',
  stoppedAt: '2026-01-01T00:00:01.000Z',
  attempts: 1,
  reason: null,
  errorMessage,
});

describe('the team channel (LISTEN/NOTIFY)', () => {
  let cluster: PgCluster;
  let url: string;
  const bridges: PgNotifyBridge[] = [];

  const bridge = (nodeId: string): PgNotifyBridge => {
    const made = new PgNotifyBridge({ connectionString: url, nodeId, reconnectMs: 200 });
    bridges.push(made);
    return made;
  };

  beforeAll(async () => {
    cluster = await startPgCluster();
    url = await cluster.createDatabase('notify_bridge');
  }, 60_000);

  afterAll(async () => {
    for (const made of bridges) await made.stop();
    await cluster?.stop();
  });

  it('cuts text by UTF-8 bytes without splitting a character', () => {
    const text = `${'a'.repeat(5)}é€😀${'b'.repeat(3)}`;
    const parts = splitByBytes(text, 6);
    expect(parts.join('')).toBe(text);
    for (const part of parts) expect(Buffer.byteLength(part)).toBeLessThanOrEqual(6);
    expect(parts).toEqual(['aaaaa', 'é€', '😀bb', 'b']);
  });

  it('carries messages far over the 8000-byte limit whole and in order, and a server does not hear itself', async () => {
    const a = bridge('node-a');
    const b = bridge('node-b');
    const heardByA: unknown[] = [];
    const heardByB: unknown[] = [];
    a.on('result', (data) => heardByA.push(data));
    b.on('result', (data) => heardByB.push(data));
    a.start();
    b.start();
    await expect.poll(() => a.listening && b.listening, { timeout: 10_000 }).toBe(true);
    const sent = [result(null), result(`Ünïcödé timeout 😀 ${'x'.repeat(30_000)}`), result('short'), result('é'.repeat(9_000))];
    for (const event of sent) a.send('result', event);
    await expect.poll(() => heardByB.length, { timeout: 5_000 }).toBe(sent.length);
    expect(heardByB).toEqual(sent);
    // b's own message reaches a, not b.
    b.send('result', result('from b'));
    await expect.poll(() => heardByA.length, { timeout: 5_000 }).toBe(1);
    expect(heardByB).toHaveLength(sent.length);
  });

  it("hands a remote event to the feeds' listeners only: alerting's listener never hears it", async () => {
    const events = new EventBus();
    const judged: ResultRecordedEvent[] = [];
    const shown: ResultRecordedEvent[] = [];
    events.on('resultRecorded', (event) => judged.push(event));
    events.onFeed('resultRecorded', (event) => shown.push(event));
    const relayed: string[] = [];
    events.relayTo((name) => relayed.push(name));
    const remote = result('elsewhere');
    events.deliverRemote('resultRecorded', remote);
    expect(judged).toEqual([]);
    expect(shown).toEqual([remote]);
    // Nor does it go back out to the other servers.
    expect(relayed).toEqual([]);
    const local = result(null);
    await events.emit('resultRecorded', local);
    expect(judged).toEqual([local]);
    expect(shown).toEqual([remote, local]);
    expect(relayed).toEqual(['resultRecorded']);
  });
});
