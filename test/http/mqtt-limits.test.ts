import { randomUUID } from 'node:crypto';
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { MAX_MQTT_CONNECTIONS_PER_ADDRESS, MAX_MQTT_CONNECTIONS_PER_KEY } from '../../src-main/http/mqtt/connection-caps';
import { addMemberWithKey } from '../accounts/helpers';
import { startServer, type TestServer } from '../helpers/server';

interface ConnectOptions {
  /** null sends no username at all. */
  username?: string | null;
  localAddress?: string;
}

/** A CONNECT (MQTT 3.1.1, clean session) carrying a password but no username: mqtt.js will not send one, a hostile client may. */
function connectPacketWithoutUsername(password: string): Buffer {
  const field = (value: Buffer) => Buffer.concat([Buffer.from([value.length >> 8, value.length & 0xff]), value]);
  const variable = Buffer.concat([field(Buffer.from('MQTT')), Buffer.from([4, 0x40 | 0x02, 0, 60])]);
  const body = Buffer.concat([variable, field(Buffer.alloc(0)), field(Buffer.from(password))]);
  return Buffer.concat([Buffer.from([0x10, body.length]), body]);
}

/** The login rule (username = the key's account id) and the connection caps of the MQTT endpoint, with real clients over ws. */
describe('MQTT login and connection caps', { timeout: 60_000 }, () => {
  let server: TestServer;
  let wsUrl: string;
  const clients: MqttClient[] = [];
  const raw: WebSocket[] = [];
  // The server side of every upgrade, in order: each resolves after the broker's own close handler ran (its slot is free).
  const serverCloses: Promise<void>[] = [];
  let claimed = 0;
  const closedOnServer = new Map<MqttClient | WebSocket, Promise<void>>();
  /** The server's socket of the latest connection attempt (the tests make one at a time). */
  const claim = (): Promise<void> => {
    const closed = serverCloses[claimed++];
    if (!closed) throw new Error('the server saw no upgrade for this connection');
    return closed;
  };

  const options = (password: string, opts: ConnectOptions) => ({
    username: opts.username === null ? undefined : (opts.username ?? server.backend.accountId),
    password,
    reconnectPeriod: 0,
    connectTimeout: 5000,
    wsOptions: opts.localAddress ? { localAddress: opts.localAddress } : undefined,
  });

  const connect = async (password: string, opts: ConnectOptions = {}): Promise<MqttClient> => {
    const client = await mqtt.connectAsync(`${wsUrl}?authenticationScheme=userApiKey`, options(password, opts));
    clients.push(client);
    closedOnServer.set(client, claim());
    return client;
  };

  /** Why a connection attempt was refused (the CONNACK's words), once the server has closed it. */
  const refusal = async (password: string, opts: ConnectOptions = {}): Promise<string> => {
    const reason = await new Promise<string>((resolve, reject) => {
      const client = mqtt.connect(`${wsUrl}?authenticationScheme=userApiKey`, options(password, opts));
      clients.push(client);
      client.once('connect', () => reject(new Error('the connection was accepted')));
      client.once('error', (error) => resolve(error.message));
      client.once('close', () => resolve('closed before CONNACK'));
    });
    await claim();
    return reason;
  };

  /** Closes a connection and waits until the server has closed its socket too. */
  const disconnect = async (connection: MqttClient | WebSocket): Promise<void> => {
    if (connection instanceof WebSocket) connection.terminate();
    else await connection.endAsync();
    await closedOnServer.get(connection);
  };

  /** An upgraded WebSocket that never sends CONNECT; resolves with it, or with the HTTP status that refused it. */
  const openSilent = (localAddress: string): Promise<WebSocket | number> =>
    new Promise((resolve, reject) => {
      const socket = new WebSocket(wsUrl, 'mqtt', { localAddress });
      socket.once('open', () => {
        raw.push(socket);
        closedOnServer.set(socket, claim());
        resolve(socket);
      });
      socket.once('unexpected-response', (_request, response) => {
        void claim();
        resolve(response.statusCode ?? 0);
      });
      socket.once('error', reject);
    });

  beforeAll(async () => {
    server = await startServer();
    wsUrl = `${server.url.replace('http://', 'ws://')}/mqtt`;
    // Registered after the broker's listener, so this close handler runs after the one that frees the slot.
    server.backend.app.server.on('upgrade', (_request, socket) => serverCloses.push(new Promise((resolve) => socket.once('close', () => resolve()))));
  });

  afterAll(async () => {
    for (const socket of raw) socket.terminate();
    await Promise.all(clients.map((c) => c.endAsync(true).catch(() => undefined)));
    await server?.stop();
  });

  it('refuses a valid key with no username, an empty one or another account id, and accepts the key\'s account id', async () => {
    expect(await refusal(server.key, { username: '' })).toMatch(/Bad username or password/i);
    expect(await refusal(server.key, { username: '   ' })).toMatch(/Bad username or password/i);
    expect(await refusal(server.key, { username: randomUUID() })).toMatch(/Not authorized/i);

    const socket = (await openSilent('127.0.0.11')) as WebSocket;
    socket.send(connectPacketWithoutUsername(server.key));
    // aedes may write the CONNACK in several frames.
    const connack = await new Promise<number[]>((resolve) => {
      const bytes: number[] = [];
      socket.on('message', (data: Buffer) => {
        bytes.push(...data);
        if (bytes.length >= 4) resolve(bytes);
      });
    });
    expect(connack).toEqual([0x20, 2, 0, 4]);
    await disconnect(socket);

    const client = await connect(server.key, { username: server.backend.accountId.toUpperCase() });
    expect(client.connected).toBe(true);
    await disconnect(client);
  });

  it(`holds at most ${MAX_MQTT_CONNECTIONS_PER_KEY} connections per key, from any address; a closed one frees its place`, async () => {
    const member = await addMemberWithKey(server, 'READ_ONLY');
    const held: MqttClient[] = [];
    for (let i = 0; i < MAX_MQTT_CONNECTIONS_PER_KEY; i++) held.push(await connect(member.key, { localAddress: i % 2 ? '127.0.0.21' : '127.0.0.22' }));
    expect(await refusal(member.key, { localAddress: '127.0.0.21' })).toMatch(/Server unavailable/i);
    expect(await refusal(member.key, { localAddress: '127.0.0.23' })).toMatch(/Server unavailable/i);
    // Other keys are not affected.
    await disconnect(await connect(server.key, { localAddress: '127.0.0.21' }));

    await disconnect(held.pop() as MqttClient);
    held.push(await connect(member.key, { localAddress: '127.0.0.23' }));
    expect(await refusal(member.key, { localAddress: '127.0.0.23' })).toMatch(/Server unavailable/i);
    for (const client of held) await disconnect(client);
  });

  it(`holds at most ${MAX_MQTT_CONNECTIONS_PER_ADDRESS} connections per address, whatever the keys; a closed one frees its place`, async () => {
    const from = '127.0.0.31';
    const keys = await Promise.all(Array.from({ length: Math.ceil(MAX_MQTT_CONNECTIONS_PER_ADDRESS / MAX_MQTT_CONNECTIONS_PER_KEY) + 1 }, () => addMemberWithKey(server, 'READ_RUN')));
    const spare = keys.pop()!.key;
    const held: MqttClient[] = [];
    for (let i = 0; i < MAX_MQTT_CONNECTIONS_PER_ADDRESS; i++) held.push(await connect(keys[Math.floor(i / MAX_MQTT_CONNECTIONS_PER_KEY)]!.key, { localAddress: from }));
    expect(await refusal(spare, { localAddress: from })).toMatch(/Server unavailable/i);
    // The same key from another address is fine.
    await disconnect(await connect(spare, { localAddress: '127.0.0.32' }));

    await disconnect(held.pop() as MqttClient);
    held.push(await connect(spare, { localAddress: from }));
    expect(await refusal(spare, { localAddress: from })).toMatch(/Server unavailable/i);
    for (const client of held) await disconnect(client);
  });

  it(`answers 429 to an address's upgrade while ${MAX_MQTT_CONNECTIONS_PER_ADDRESS} of its sockets have not logged in yet`, async () => {
    const from = '127.0.0.41';
    const silent: WebSocket[] = [];
    for (let i = 0; i < MAX_MQTT_CONNECTIONS_PER_ADDRESS; i++) {
      const socket = await openSilent(from);
      expect(socket).toBeInstanceOf(WebSocket);
      silent.push(socket as WebSocket);
    }
    expect(await openSilent(from)).toBe(429);
    expect(await openSilent('127.0.0.42')).toBeInstanceOf(WebSocket);

    await disconnect(silent.pop() as WebSocket);
    const client = await connect(server.key, { localAddress: from });
    expect(client.connected).toBe(true);
  });
});
