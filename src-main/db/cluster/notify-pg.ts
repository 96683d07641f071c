import pg from 'pg';
import type { Logger } from '../../core/logger';

/** The one channel the servers of a team talk on; a message's kind travels inside it. */
export const FEED_CHANNEL = 'sightline_feed';
/**
 * PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. A message's text is cut into parts of
 * at most this many bytes (plus a short header), sent in one statement and put together again by
 * the receivers: nothing is shortened, however long a result's error or a CLI result's evidence.
 */
const PART_BYTES = 7_000;
/** Messages put together at once (parts of one message arrive together: one transaction); more is a sender that stopped mid-way. */
const MAX_PARTIAL = 64;

export interface PgNotifyOptions {
  /** node-postgres connection string of the team's database. */
  connectionString: string;
  /** This server's id in the cluster (the lease's): a server ignores the messages it sent itself. */
  nodeId: string;
  logger?: Logger;
  /** How long after losing its connection the bridge tries again; default 1000 ms. */
  reconnectMs?: number;
  /** How often an idle connection is asked whether it still answers (a cut that sent nothing); default 5000 ms. */
  pingMs?: number;
}

type Header = [nodeId: string, seq: number, part: number, parts: number];

/**
 * Messages between the servers of a team over PostgreSQL's LISTEN/NOTIFY (issue 35, item 5): one
 * dedicated connection per server that LISTENs on FEED_CHANNEL and sends on it. Live feeds only:
 * nothing here is stored, a message sent while the connection is down is dropped (the receivers
 * resynchronize through `onResync`), and nothing waits for delivery. A database that goes away is
 * retried every `reconnectMs`; nothing exits.
 */
export class PgNotifyBridge {
  private readonly handlers = new Map<string, (data: unknown) => void>();
  private readonly resyncs: (() => void)[] = [];
  private readonly partial = new Map<string, { parts: string[]; received: number }>();
  private readonly reconnectMs: number;
  private readonly pingMs: number;
  /** The connection being made or in use; null while waiting to try again. */
  private client: pg.Client | null = null;
  private ready = false;
  private everReady = false;
  private lostSince: number | null = null;
  private dropped = 0;
  private seq = 0;
  /** Notification payloads waiting for the connection (sent together by one statement), and how many messages they are. */
  private readonly pending: string[] = [];
  private pendingMessages = 0;
  /** The connection a flush of `pending` is queued on (null: none is). */
  private flushQueuedOn: pg.Client | null = null;
  /** The last query queued on the connection. */
  private tail: Promise<unknown> = Promise.resolve();
  private started = false;
  private stopped = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private pingTimer: NodeJS.Timeout | null = null;

  constructor(private readonly options: PgNotifyOptions) {
    this.reconnectMs = options.reconnectMs ?? 1_000;
    this.pingMs = options.pingMs ?? 5_000;
  }

  /** Whether the bridge listens now (tests, logs). */
  get listening(): boolean {
    return this.ready;
  }

  /** What to do with a message of that kind from another server (one handler per kind). */
  on(kind: string, handler: (data: unknown) => void): void {
    this.handlers.set(kind, handler);
  }

  /** Called when the connection is back after a loss: what the other servers sent meanwhile never arrives. */
  onResync(handler: () => void): void {
    this.resyncs.push(handler);
  }

  /** Sends to the other servers; never throws, never waits (dropped while the connection is down). */
  send(kind: string, data: unknown): void {
    const client = this.client;
    if (!client || !this.ready) {
      this.dropped++;
      return;
    }
    const seq = ++this.seq;
    const parts = splitByBytes(JSON.stringify({ k: kind, d: data }), PART_BYTES);
    for (const [i, part] of parts.entries()) this.pending.push(`${JSON.stringify([this.options.nodeId, seq, i, parts.length] satisfies Header)}\n${part}`);
    this.pendingMessages++;
    if (this.flushQueuedOn === client) return;
    this.flushQueuedOn = client;
    // One statement for every message waiting when the connection is free (a leader announces hundreds
    // of runs a second: one round trip each was a query per event). Its notifications are delivered
    // together, at its commit, in order, after every earlier one of this connection.
    this.queue(client, () => {
      this.flushQueuedOn = null;
      const payloads = this.pending.splice(0);
      const messages = this.pendingMessages;
      this.pendingMessages = 0;
      return client.query('select count(pg_notify($1, p)) from unnest($2::text[]) as p', [FEED_CHANNEL, payloads]).catch((error: unknown) => {
        // The connection broke: its error event takes it down and makes another.
        this.dropped += messages;
        this.options.logger?.debug({ err: error, messages }, 'messages to the other servers of the team could not be sent');
      });
    }).catch(() => {
      // That connection was replaced before this flush ran: the next send flushes on the new one.
      if (this.flushQueuedOn === client) this.flushQueuedOn = null;
    });
  }

  /** One query at a time on the connection, in the order asked (messages keep their order). */
  private queue<T>(client: pg.Client, query: () => Promise<T>): Promise<T> {
    const next = this.tail.then(() => (this.client === client ? query() : Promise.reject(new Error('the connection to the team database was lost'))));
    this.tail = next.then(
      () => undefined,
      () => undefined,
    );
    return next;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    void this.connect();
    this.pingTimer = setInterval(() => this.ping(), this.pingMs);
    this.pingTimer.unref();
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.pingTimer) clearInterval(this.pingTimer);
    const client = this.client;
    this.client = null;
    this.ready = false;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({
      connectionString: this.options.connectionString,
      connectionTimeoutMillis: Math.max(this.pingMs, 2_000),
      keepAlive: true,
      application_name: `sightline feed ${this.options.nodeId}`.slice(0, 63),
    });
    this.client = client;
    // Without listeners these would end the process; each takes this connection down and makes another.
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, null));
    client.on('notification', (message) => {
      if (message.channel === FEED_CHANNEL && message.payload !== undefined) this.received(message.payload);
    });
    try {
      await client.connect();
      await client.query(`listen ${FEED_CHANNEL}`);
    } catch (error) {
      this.lost(client, error);
      return;
    }
    if (this.client !== client) return;
    // A query of the lost connection may never settle: it must not hold this one's.
    this.tail = Promise.resolve();
    this.ready = true;
    const wasLost = this.everReady;
    this.everReady = true;
    if (!wasLost) return;
    // At warn, as the cut was: whoever saw the one sees the other.
    this.options.logger?.warn({ downMs: this.lostSince === null ? null : Date.now() - this.lostSince, dropped: this.dropped }, 'the live feeds between the servers of the team are back');
    this.lostSince = null;
    this.dropped = 0;
    for (const resync of this.resyncs) {
      try {
        resync();
      } catch (error) {
        this.options.logger?.error({ err: error }, 'a live feed could not resynchronize after the team database came back');
      }
    }
  }

  private lost(client: pg.Client, error: unknown): void {
    if (this.client !== client) return;
    this.client = null;
    this.ready = false;
    this.partial.clear();
    client.end().catch(() => undefined);
    if (this.stopped) return;
    if (this.lostSince === null) {
      this.lostSince = Date.now();
      this.options.logger?.warn(
        { err: error ?? undefined },
        'the live feeds between the servers of the team are cut (the team database is unreachable): they resume once it answers again',
      );
    }
    this.retryTimer = setTimeout(() => void this.connect(), this.reconnectMs);
    this.retryTimer.unref();
  }

  /** A connection cut without a word (a network that dropped it) is noticed here, not at the next send. */
  private ping(): void {
    const client = this.client;
    if (!client || !this.ready) return;
    const timer = setTimeout(() => this.lost(client, new Error(`the team database did not answer within ${this.pingMs} ms`)), this.pingMs);
    this.queue(client, () => client.query('select 1')).then(
      () => clearTimeout(timer),
      (error: unknown) => {
        clearTimeout(timer);
        this.lost(client, error);
      },
    );
  }

  private received(payload: string): void {
    const newline = payload.indexOf('\n');
    let header: Header;
    try {
      header = JSON.parse(payload.slice(0, newline)) as Header;
    } catch {
      this.options.logger?.warn({ payload: payload.slice(0, 200) }, 'a message on the team channel was not understood');
      return;
    }
    const [nodeId, seq, part, parts] = header;
    // This server's own message: its listeners heard it when it was sent.
    if (nodeId === this.options.nodeId) return;
    const text = payload.slice(newline + 1);
    if (parts === 1) return this.dispatch(text);
    const key = `${nodeId}\n${seq}`;
    let message = this.partial.get(key);
    if (!message) {
      if (this.partial.size >= MAX_PARTIAL) this.partial.delete(this.partial.keys().next().value!);
      message = { parts: new Array<string>(parts), received: 0 };
      this.partial.set(key, message);
    }
    if (message.parts[part] === undefined) message.received++;
    message.parts[part] = text;
    if (message.received < parts) return;
    this.partial.delete(key);
    this.dispatch(message.parts.join(''));
  }

  private dispatch(text: string): void {
    let message: { k: string; d: unknown };
    try {
      message = JSON.parse(text) as { k: string; d: unknown };
    } catch (error) {
      this.options.logger?.warn({ err: error }, 'a message on the team channel was not understood');
      return;
    }
    const handler = this.handlers.get(message.k);
    if (!handler) return;
    try {
      handler(message.d);
    } catch (error) {
      this.options.logger?.error({ err: error, kind: message.k }, 'a message from another server of the team could not be handled');
    }
  }
}

/** The text in pieces of at most maxBytes UTF-8 bytes each, never cutting a character. */
export function splitByBytes(text: string, maxBytes: number): string[] {
  if (Buffer.byteLength(text) <= maxBytes) return [text];
  const parts: string[] = [];
  let start = 0;
  let bytes = 0;
  let i = 0;
  while (i < text.length) {
    const code = text.codePointAt(i)!;
    const width = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
    const chars = code >= 0x10000 ? 2 : 1;
    if (bytes + width > maxBytes) {
      parts.push(text.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += width;
    i += chars;
  }
  parts.push(text.slice(start));
  return parts;
}
