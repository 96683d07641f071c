import fc from 'fast-check';
import { expect } from 'vitest';
import { LOCATIONS, RETRY_TYPES, RUNTIME_IDS } from '../../src-shared/enums';
import type { TestServer } from './server';

/**
 * Arbitraries of VALID bodies, for properties that require acceptance: a validator that refused
 * everything would pass the "never 5xx, a 400 changes nothing" properties, not these.
 */

/** Printable text of `min..max` UTF-16 units (whole graphemes, so no lone surrogates). */
export function text(min: number, max: number): fc.Arbitrary<string> {
  return fc.string({ unit: 'grapheme', minLength: min, maxLength: max }).filter((s) => s.length >= min && s.length <= max);
}

/** Text with something besides whitespace (names that must not be blank). */
export function visibleText(min: number, max: number): fc.Arbitrary<string> {
  return text(min, max).filter((s) => s.trim().length > 0);
}

export const identifier = fc.stringMatching(/^[A-Za-z][A-Za-z0-9_]{0,15}$/);

export const tags = fc.array(text(1, 20), { maxLength: 4 });
export const locations = fc.subarray([...LOCATIONS], { maxLength: 3 });
export const runtimeId = fc.constantFrom(...RUNTIME_IDS, null);

/** Distinct keys: a variable is named by its key (secret ones are kept by key on update). */
export const environmentVariables = fc.uniqueArray(
  fc.record({ key: identifier, value: text(0, 40), locked: fc.boolean(), secret: fc.boolean() }, { requiredKeys: ['key', 'value'] }),
  { maxLength: 4, selector: (variable) => variable.key },
);

export const keyValues = fc.array(fc.record({ key: identifier, value: text(0, 30), locked: fc.boolean() }, { requiredKeys: ['key', 'value'] }), { maxLength: 3 });

export const retryStrategy = fc.record(
  {
    type: fc.constantFrom(...RETRY_TYPES),
    baseBackoffSeconds: fc.integer({ min: 0, max: 600 }),
    maxRetries: fc.integer({ min: 1, max: 10 }),
    maxDurationSeconds: fc.integer({ min: 0, max: 600 }),
    sameRegion: fc.boolean(),
  },
  { requiredKeys: ['type'] },
);

export const alertSettings = fc.record(
  {
    escalationType: fc.constantFrom('RUN_BASED', 'TIME_BASED'),
    runBasedEscalation: fc.record({ failedRunThreshold: fc.integer({ min: 1, max: 5 }) }),
    timeBasedEscalation: fc.record({ minutesFailingThreshold: fc.constantFrom(5, 10, 15, 30) }),
    reminders: fc.record({ amount: fc.constantFrom(0, 1, 2, 3, 4, 5, 100000), interval: fc.constantFrom(1, 2, 3, 4, 5, 10, 15, 30) }),
  },
  { requiredKeys: [] },
);

/** A hostname or address that ping and mtr take as one argument. */
export const host = fc.oneof(fc.constantFrom('127.0.0.1', 'localhost', '::1', '127.0.0.53'), fc.domain());

type Json = Record<string, unknown>;

function withoutUpdatedAt(value: Json): Json {
  const { updated_at: _updatedAt, ...rest } = value;
  return rest;
}

/**
 * GET a resource, PUT exactly what came back, GET again: the PUT answers 200 with what the second
 * GET shows, and nothing but `updated_at` changed.
 */
export async function expectUnchangedRoundTrip(server: TestServer, getPath: string, putPath: string, pick: (read: Json) => Json = (read) => read): Promise<void> {
  const before = await server.api<Json>('GET', getPath);
  expect(before.status, before.text).toBe(200);
  const put = await server.api<Json>('PUT', putPath, pick(before.body));
  expect(put.status, put.text).toBe(200);
  const after = await server.api<Json>('GET', getPath);
  expect(withoutUpdatedAt(after.body)).toEqual(withoutUpdatedAt(before.body));
  expect(put.body).toEqual(after.body);
}
