import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { icmpBody, startServer, type TestServer } from '../helpers/server';
import { rawRequest } from './raw';

/**
 * A gzip body that inflates to `inflatedMiB` MiB of JSON-looking bytes: one 16 MiB member
 * repeated (concatenated gzip members are one valid stream), a few MB on the wire.
 */
function gzipBomb(inflatedMiB: number): Buffer {
  const member = gzipSync(Buffer.alloc(16 * 1024 * 1024, 0x20), { level: 9 });
  const head = gzipSync(Buffer.from('{"name":"'));
  return Buffer.concat([head, ...Array.from({ length: inflatedMiB / 16 }, () => member)]);
}

describe('gzip request bodies', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  function post(path: string, body: Buffer, encoding: string) {
    return rawRequest(server.url, {
      method: 'POST',
      path,
      headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json', 'content-encoding': encoding, 'content-length': String(body.length) },
      body,
    });
  }

  it('reads a gzip JSON body as the JSON it inflates to, on create and on update', async () => {
    const created = await post('/v1/checks/icmp', gzipSync(JSON.stringify(icmpBody({ name: 'Zipped ping' }))), 'gzip');
    expect(created.status, created.text).toBe(201);
    expect(created.body.name).toBe('Zipped ping');

    const body = gzipSync(JSON.stringify({ name: 'Zipped again' }));
    const updated = await rawRequest(server.url, {
      method: 'PUT',
      path: `/v1/checks/icmp/${created.body.id}`,
      headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': String(body.length) },
      body,
    });
    expect(updated.status, updated.text).toBe(200);
    const read = await server.api('GET', `/v1/checks/${created.body.id}`);
    expect(read.body.name).toBe('Zipped again');
  });

  it('answers 413 naming the limit for a small body that inflates past it, and keeps serving', async () => {
    const bomb = gzipBomb(1024);
    expect(bomb.length).toBeLessThan(5 * 1024 * 1024);
    const res = await post('/v1/checks/icmp', bomb, 'gzip');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ statusCode: 413, error: 'Payload Too Large', message: 'Request body too large: the limit is 5 MiB (5242880 bytes) per request' });
    const list = await server.api('GET', '/v1/checks');
    expect(list.status).toBe(200);
    expect(list.body).not.toContainEqual(expect.objectContaining({ name: expect.stringMatching(/^ /) }));
  });

  it('answers 400 for a body that is not valid gzip', async () => {
    const zipped = gzipSync(JSON.stringify(icmpBody()));
    const corrupt = Buffer.concat([zipped.subarray(0, 12), Buffer.from('not deflate data at all'), zipped.subarray(12)]);
    const res = await post('/v1/checks/icmp', corrupt, 'gzip');
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^Body is not valid gzip \(Content-Encoding: gzip\)/);
  });

  it('answers 415 naming an encoding it does not read', async () => {
    const res = await post('/v1/checks/icmp', Buffer.from('whatever'), 'br');
    expect(res.status).toBe(415);
    expect(res.body).toEqual({ statusCode: 415, error: 'Unsupported Media Type', message: 'Unsupported Content-Encoding "br": send the body as gzip or without Content-Encoding' });
  });
});
