import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { occurrenceAt, occurrencesBetween, type MaintenanceTiming } from '../../src-shared/rules/maintenance';
import { startServer, type TestServer } from '../helpers/server';

const RUNS = 150;
const BASE = Date.parse('2030-01-01T00:00:00.000Z');
const MINUTE = 60_000;

/** Dates near each other (so "after" rules hold about half the time), sometimes malformed. */
const date = fc.oneof(
  fc.integer({ min: -3 * 24 * 60, max: 40 * 24 * 60 }).map((m) => new Date(BASE + m * MINUTE).toISOString()),
  fc.constantFrom('', 'tomorrow', '2030-01-01', '2030-13-01T00:00:00Z', null, 5),
);
/** Mostly valid: names, tags and an order of dates that pass, with repeat members that may not. */
const nearlyValid = fc
  .record({
    name: fc.constantFrom('Backup', 'DB upgrade'),
    tags: fc.constantFrom(['db'], ['db', 'web']),
    start: fc.integer({ min: 0, max: 30 * 24 * 60 }),
    minutes: fc.integer({ min: 1, max: 3 * 24 * 60 }),
    repeatUnit: fc.constantFrom('DAY', 'WEEK', 'MONTH', undefined),
    repeatInterval: fc.option(fc.integer({ min: 1, max: 6 }), { nil: undefined }),
    repeatDays: fc.option(fc.integer({ min: 1, max: 400 }), { nil: undefined }),
  })
  .map(({ start, minutes, repeatDays, ...rest }) => ({
    ...rest,
    startsAt: new Date(BASE + start * MINUTE).toISOString(),
    endsAt: new Date(BASE + (start + minutes) * MINUTE).toISOString(),
    ...(repeatDays === undefined ? {} : { repeatEndsAt: new Date(BASE + start * MINUTE + repeatDays * 24 * 60 * MINUTE).toISOString() }),
  }));
const wild = fc.record(
  {
    name: fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom('', ' ', 'x'.repeat(256))),
    tags: fc.oneof(fc.array(fc.oneof(fc.constantFrom('db', 'web', '', ' '), fc.string({ maxLength: 5 })), { maxLength: 3 }), fc.constant('db')),
    startsAt: date,
    endsAt: date,
    repeatInterval: fc.oneof(fc.integer({ min: -1, max: 400 }), fc.constantFrom(1.5, null, '2')),
    repeatUnit: fc.constantFrom('DAY', 'WEEK', 'MONTH', 'YEAR', null, 'day'),
    repeatEndsAt: date,
  },
  { requiredKeys: [] },
);
const body = fc.oneof(nearlyValid, wild);

describe('maintenance window bodies (property)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('any body gets 201 or a 400 naming a field; an accepted window reads back as stored and its occurrences close', async () => {
    let accepted = 0;
    await fc.assert(
      fc.asyncProperty(body, async (sent) => {
        const res = await server.api('POST', '/v1/maintenance-windows', sent);
        expect([201, 400], res.text).toContain(res.status);
        if (res.status === 400) {
          expect(res.body.message).toMatch(/^(name|tags|startsAt|endsAt|repeatInterval|repeatUnit|repeatEndsAt)\b/);
          return;
        }
        accepted += 1;
        expect((await server.api('GET', `/v1/maintenance-windows/${res.body.id}`)).body).toEqual(res.body);
        const w = res.body;
        const timing: MaintenanceTiming = {
          startsAt: Date.parse(w.startsAt),
          endsAt: Date.parse(w.endsAt),
          repeatInterval: w.repeatInterval,
          repeatUnit: w.repeatUnit,
          repeatEndsAt: w.repeatEndsAt === null ? null : Date.parse(w.repeatEndsAt),
        };
        // Occurrences never overlap, and every instant inside one is reported open by occurrenceAt.
        const found = occurrencesBetween(timing, timing.startsAt, timing.startsAt + 120 * 24 * 60 * MINUTE, 20);
        expect(found.length).toBeGreaterThan(0);
        for (let i = 0; i < found.length; i++) {
          const o = found[i];
          expect(o.end).toBeGreaterThan(o.start);
          if (i > 0) expect(o.start).toBeGreaterThanOrEqual(found[i - 1].end);
          expect(occurrenceAt(timing, o.start)).toEqual(o);
          expect(occurrenceAt(timing, o.end - 1)).toEqual(o);
        }
        expect((await server.api('DELETE', `/v1/maintenance-windows/${w.id}`)).status).toBe(204);
      }),
      { numRuns: RUNS },
    );
    // Both branches of the property were exercised.
    expect(accepted).toBeGreaterThan(RUNS / 10);
    expect(accepted).toBeLessThan(RUNS);
  });
});
