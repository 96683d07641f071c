import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import { startServer, type TestServer } from '../helpers/server';
import { createIncident, createService } from './fixtures';

describe('listing incidents with a cursor', () => {
  let server: TestServer;
  const clock = new ManualClock('2026-07-01T00:00:00.000Z');
  const created: string[] = [];

  beforeAll(async () => {
    server = await startServer({ clock });
    const service = await createService(server);
    // Several incidents share a millisecond so the cursor must break ties by id.
    for (let i = 0; i < 25; i++) {
      created.push((await createIncident(server, [service.id], { name: `Incident ${i}` })).id);
      if (i % 3 === 2) clock.advance(1000);
    }
  });
  afterAll(async () => {
    await server?.stop();
  });

  async function walk(limit: number) {
    const pages: { length: number; ids: string[]; names: string[] }[] = [];
    let nextId: string | null = null;
    do {
      const query: string = nextId ? `?limit=${limit}&nextId=${nextId}` : `?limit=${limit}`;
      const res = await server.api('GET', `/v1/status-pages/incidents${query}`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.length).toBe(res.body.entries.length);
      pages.push({ length: res.body.length, ids: res.body.entries.map((e: { id: string }) => e.id), names: res.body.entries.map((e: { name: string }) => e.name) });
      nextId = res.body.nextId;
    } while (nextId);
    return pages;
  }

  it('visits all 25 exactly once, newest first, in pages of 10, 10 and 5', async () => {
    const pages = await walk(10);
    expect(pages.map((p) => p.length)).toEqual([10, 10, 5]);
    const ids = pages.flatMap((p) => p.ids);
    expect(new Set(ids)).toEqual(new Set(created));
    const names = pages.flatMap((p) => p.names);
    expect(names.slice(0, 1)).toEqual(['Incident 24']);
    expect(names.slice(-3).sort()).toEqual(['Incident 0', 'Incident 1', 'Incident 2']);
  });

  it('gives the same order whatever the page size', async () => {
    const byOne = (await walk(1)).flatMap((p) => p.ids);
    const byTen = (await walk(10)).flatMap((p) => p.ids);
    const byHundred = (await walk(100)).flatMap((p) => p.ids);
    expect(byOne).toEqual(byTen);
    expect(byHundred).toEqual(byTen);
  });

  it('defaults to 20 entries with a nextId; the last page has nextId null', async () => {
    const first = await server.api('GET', '/v1/status-pages/incidents');
    expect(first.body.length).toBe(20);
    expect(typeof first.body.nextId).toBe('string');
    const second = await server.api('GET', `/v1/status-pages/incidents?nextId=${first.body.nextId}`);
    expect(second.body).toMatchObject({ length: 5, nextId: null });
  });

  it('rejects limit outside 1..100 and an unknown nextId with 400', async () => {
    for (const query of ['limit=0', 'limit=101', 'limit=1.5', `nextId=${randomUUID()}`]) {
      const res = await server.api('GET', `/v1/status-pages/incidents?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
  });
});
