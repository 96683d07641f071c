import { describe, expect, it } from 'vitest';
import { createScrubber, SCRUBBED } from '../../src-main/runner/scrub';

describe('scrubber', () => {
  const secret = 's3cr3t value/+=';
  const scrub = createScrubber([secret]);

  it('removes a secret in raw, base64 and URL-encoded form', () => {
    const base64 = Buffer.from(secret).toString('base64');
    const text = `raw ${secret} b64 ${base64} url ${encodeURIComponent(secret)} form ${encodeURIComponent(secret).replace(/%20/g, '+')}`;
    const out = scrub.text(text);
    expect(out).toBe(`raw ${SCRUBBED} b64 ${SCRUBBED} url ${SCRUBBED} form ${SCRUBBED}`);
  });

  it('removes sensitive header values in call logs, JSON and code', () => {
    expect(scrub.text('  - Authorization: Bearer abc.def\n  - accept: */*')).toBe(`  - Authorization: ${SCRUBBED}\n  - accept: */*`);
    expect(scrub.text('{"authorization":"Bearer abc","x":1}')).toBe(`{"authorization":"${SCRUBBED}","x":1}`);
    expect(scrub.text(`headers: { 'x-api-key': 'k-123', other: 1 }`)).toBe(`headers: { 'x-api-key': '${SCRUBBED}', other: 1 }`);
    expect(scrub.text('cookie: a=1; b=2')).toBe(`cookie: ${SCRUBBED}`);
    expect(scrub.text('Set-Cookie: sid=xyz; HttpOnly')).toBe(`Set-Cookie: ${SCRUBBED}`);
    expect(scrub.text('{"Cookie": "a=\\"q\\""}')).toBe(`{"Cookie": "${SCRUBBED}"}`);
  });

  it('leaves ordinary text alone', () => {
    expect(scrub.text('Authorization failed for user bob; see the cookies page')).toBe('Authorization failed for user bob; see the cookies page');
  });

  it('scrubs every string of a nested object', () => {
    const out = scrub.deep({ a: [`x ${secret}`, { b: 'authorization: Bearer q' }], n: 3, z: null });
    expect(out).toEqual({ a: [`x ${SCRUBBED}`, { b: `authorization: ${SCRUBBED}` }], n: 3, z: null });
  });

  it('ignores empty secret values', () => {
    expect(createScrubber(['']).text('abc')).toBe('abc');
  });
});
