import { describe, expect, it } from 'vitest';
import { redactUrl, scrubbed } from '../../src-main/db/copy/target';
import { toPgParameter } from '../../src-main/db/copy/values';

/** What db copy sends PostgreSQL for each stored value, and what it refuses to send (issue 35 item 7). */
describe('db copy: values as stored, refusals named', () => {
  it('sends each kind as it is stored: booleans, exact 64-bit integers, JSON text, bytes', () => {
    expect(toPgParameter('boolean', 1n)).toEqual({ value: true });
    expect(toPgParameter('boolean', 0n)).toEqual({ value: false });
    expect(toPgParameter('bigint', 9_007_199_254_740_993n)).toEqual({ value: '9007199254740993' });
    expect(toPgParameter('integer', -2_147_483_648n)).toEqual({ value: '-2147483648' });
    expect(toPgParameter('jsonb', '{"b":1.10,"a":[true,null]}')).toEqual({ value: '{"b":1.10,"a":[true,null]}' });
    // An escaped backslash followed by "u0000" is no NUL.
    expect(toPgParameter('jsonb', JSON.stringify({ path: '\\u0000' }))).toEqual({ value: JSON.stringify({ path: '\\u0000' }) });
    expect(toPgParameter('bytea', Buffer.from([0, 1, 255]))).toEqual({ value: Buffer.from([0, 1, 255]) });
    expect(toPgParameter('text', 'plain')).toEqual({ value: 'plain' });
    expect(toPgParameter('text', null)).toEqual({ value: null });
  });

  it('names what PostgreSQL cannot store instead of changing it', () => {
    expect(toPgParameter('jsonb', JSON.stringify({ config: { headers: [{ value: 'a\u0000b' }] } }))).toEqual({
      problem: "holds a JSON string with \\u0000 at $.config.headers[0].value, which PostgreSQL's jsonb cannot store",
    });
    expect(toPgParameter('text', 'a\u0000b')).toEqual({ problem: 'holds a NUL character (\\u0000) at position 1, which PostgreSQL text cannot store' });
    expect(toPgParameter('integer', 12.5)).toEqual({ problem: 'holds the number 12.5, not an integer' });
    expect(toPgParameter('integer', 2_147_483_648n)).toEqual({ problem: "holds 2147483648, beyond PostgreSQL's integer (32-bit)" });
    expect(toPgParameter('boolean', 2n)).toEqual({ problem: 'holds the number 2, not a boolean (0 or 1)' });
    expect(toPgParameter('bigint', 'soon')).toEqual({ problem: 'holds the text "soon", not an integer' });
    expect(toPgParameter('bytea', 'abc')).toEqual({ problem: 'holds the text "abc", not bytes' });
  });

  it('shows a connection string without its password, wherever it is written', () => {
    expect(redactUrl('postgres://ops:p%40ss@db.internal:5433/sightline?sslmode=require')).toBe('postgres://ops@db.internal:5433/sightline?sslmode=require');
    expect(redactUrl('postgresql://ops@db/sightline?password=hunter2&sslmode=require')).toBe('postgresql://ops@db/sightline?sslmode=require');
    expect(redactUrl('postgres://postgres@/sightline?host=/run/postgresql')).toBe('postgres://postgres@/sightline?host=/run/postgresql');
    expect(scrubbed('auth failed for p@ss', 'postgres://ops:p%40ss@db/sightline')).toBe('auth failed for …');
  });
});
