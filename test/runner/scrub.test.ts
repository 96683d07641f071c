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

  it('removes a secret printed as hex, lower and upper case, also as xxd -p wraps it', () => {
    const hex = Buffer.from(secret).toString('hex');
    expect(scrub.text(`hex ${hex} HEX ${hex.toUpperCase()} end`)).toBe(`hex ${SCRUBBED} HEX ${SCRUBBED} end`);
    const long = 'a-much-longer-secret-value-0123456789';
    const wrapped = Buffer.from(`${long}\n`).toString('hex').replace(/(.{60})(?=.)/g, '$1\n');
    const out = createScrubber([long]).text(`xxd -p:\n${wrapped}\n`);
    expect(out).not.toContain(Buffer.from(long).toString('hex').slice(0, 60));
    expect(out).toContain(SCRUBBED);
  });

  it('removes the base64 that `echo $SECRET | base64` prints (with the newline), wrapped at 76 when long', () => {
    const echoed = Buffer.from(`${secret}\n`).toString('base64');
    expect(scrub.text(`out: ${echoed}\n`)).toBe(`out: ${SCRUBBED}\n`);
    const long = 'x'.repeat(70) + '-secret';
    const printed = Buffer.from(`${long}\n`).toString('base64').replace(/(.{76})(?=.)/g, '$1\n');
    expect(createScrubber([long]).text(printed)).toBe(SCRUBBED);
  });

  it('removes a secret base64-encoded inside a longer text: a Basic authorization value, "Bearer <secret>"', () => {
    const basic = Buffer.from(`alice:${secret}`).toString('base64');
    const bearer = Buffer.from(`Bearer ${secret}`).toString('base64url');
    for (const encoded of [basic, bearer]) {
      const out = scrub.text(`value=${encoded}`);
      expect(out).toContain(SCRUBBED);
      // What is left cannot be decoded back to the secret.
      expect(Buffer.from(out.replace('value=', '').replace(SCRUBBED, ''), 'base64').toString('utf8')).not.toContain(secret);
    }
  });

  it('removes URL-encoded forms with lower-case hex digits', () => {
    const lower = encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase());
    expect(lower).not.toBe(encodeURIComponent(secret));
    expect(scrub.text(`q=${lower}&x=${lower.replace(/%20/g, '+')}`)).toBe(`q=${SCRUBBED}&x=${SCRUBBED}`);
  });

  it('removes JSON with \\u escapes: every character, or only the non-ASCII ones as ensure_ascii writers do', () => {
    const accented = 'pässwörd-secret';
    const s = createScrubber([accented]);
    const allEscaped = [...accented].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('');
    const asciiOnly = JSON.stringify(accented).slice(1, -1).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
    expect(asciiOnly).toContain('\\u00e4');
    expect(s.text(`{"a":"${allEscaped}","b":"${asciiOnly}","c":"${asciiOnly.replace(/\\u([0-9a-f]{4})/g, (_m, h: string) => `\\u${h.toUpperCase()}`)}"}`)).toBe(
      `{"a":"${SCRUBBED}","b":"${SCRUBBED}","c":"${SCRUBBED}"}`,
    );
  });

  it('leaves short unrelated base64 alone (no fragment under 8 characters is scrubbed)', () => {
    expect(createScrubber(['abc']).text('YWJj is base64 of it, but dGhl is not')).toBe(`${SCRUBBED} is base64 of it, but dGhl is not`);
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
