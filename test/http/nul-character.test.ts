import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { icmpBody, startServer, type TestServer } from '../helpers/server';
import { trpcClient } from '../helpers/trpc';

/**
 * A string holding U+0000 is refused with a 400 that names where it is: PostgreSQL (team mode)
 * cannot store it in text or jsonb, and every server answers alike. Nothing is stored.
 */
describe('the NUL character in a request body', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('REST: 400 naming the member, nested members and array items too; nothing created', async () => {
    const named = await server.api('POST', '/v1/checks/icmp', icmpBody({ name: 'a\u0000b' }));
    expect(named.status).toBe(400);
    expect(named.body.message).toBe('name: must not contain the NUL character (\\u0000)');
    const nested = await server.api('POST', '/v1/checks/icmp', icmpBody({ tags: ['ok', 'x\u0000'] }));
    expect(nested.status).toBe(400);
    expect(nested.body.message).toBe('tags[1]: must not contain the NUL character (\\u0000)');
    expect((await server.api('GET', '/v1/checks')).body).toEqual([]);
    // The escape spelled out inside a string ("\\u0000", six characters) is ordinary text.
    const literal = await server.api('POST', '/v1/checks/icmp', icmpBody({ name: 'literally \\u0000' }));
    expect(literal.status).toBe(201);
    expect(literal.body.name).toBe('literally \\u0000');
  });

  it('tRPC: a validation error naming the input member', async () => {
    const trpc = trpcClient(server.url, server.key);
    await expect(trpc.checks.createIcmp.mutate(icmpBody({ name: 'c\u0000d' }) as never)).rejects.toMatchObject({
      data: { code: 'BAD_REQUEST' },
      message: expect.stringContaining('name: must not contain the NUL character'),
    });
  });
});
