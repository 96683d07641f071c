import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ByteWindow, LogThrottle, readBoundedLines, type LineLimits, type Overrun } from '../../src-main/runner/bounded-lines';

function reader(limits: Partial<LineLimits> = {}, clock = { at: 0 }) {
  const stream = new PassThrough();
  const lines: string[] = [];
  const overruns: Overrun[] = [];
  readBoundedLines(
    stream,
    { maxLineBytes: 16, maxWindowBytes: 1000, windowMs: 1000, ...limits },
    { onLine: (line) => lines.push(line), onOverrun: (overrun) => overruns.push(overrun), now: () => clock.at },
  );
  return { stream, lines, overruns, clock };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('readBoundedLines', () => {
  it('splits lines across chunks, keeps multi-byte characters whole, drops \\r and emits the last unterminated line', async () => {
    const { stream, lines } = reader();
    const snowman = Buffer.from('☃');
    stream.write(Buffer.concat([Buffer.from('ab\r\ncd'), snowman.subarray(0, 1)]));
    stream.write(Buffer.concat([snowman.subarray(1), Buffer.from('\n\nlast')]));
    stream.end();
    await settled();
    expect(lines).toEqual(['ab', 'cd☃', '', 'last']);
  });

  it('stops at a line longer than the limit, whether it ends or not, and reads nothing after', async () => {
    const { stream, lines, overruns } = reader();
    stream.write('short\n');
    stream.write('x'.repeat(10));
    stream.write('x'.repeat(10));
    await settled();
    expect(lines).toEqual(['short']);
    expect(overruns).toEqual([{ limit: 'line', message: 'a line longer than 16 bytes' }]);
    expect(stream.destroyed).toBe(true);

    const terminated = reader();
    terminated.stream.write(`${'y'.repeat(17)}\nnext\n`);
    await settled();
    expect(terminated.lines).toEqual([]);
    expect(terminated.overruns.map((o) => o.limit)).toEqual(['line']);
  });

  it('allows a burst within the window and stops past its bytes; the window slides', async () => {
    const { stream, lines, overruns, clock } = reader({ maxLineBytes: 1000, maxWindowBytes: 100, windowMs: 1000 });
    stream.write(`${'a'.repeat(89)}\n`); // 90 bytes at t=0
    clock.at = 1100; // the first 90 have left the window
    stream.write(`${'b'.repeat(89)}\n`);
    clock.at = 1200;
    stream.write('c'.repeat(9) + '\n'); // 100 in the window: still fine
    await settled();
    expect(overruns).toEqual([]);
    stream.write('d\n'); // 102
    await settled();
    expect(lines.length).toBe(3);
    expect(overruns).toEqual([{ limit: 'rate', message: 'more than 100 bytes within 1 s' }]);
  });
});

describe('ByteWindow', () => {
  it('counts what arrived within the window only', () => {
    const window = new ByteWindow(1000);
    expect(window.add(10, 0)).toBe(10);
    expect(window.add(10, 950)).toBe(20);
    expect(window.add(10, 1050)).toBe(20);
    expect(window.add(0, 5000)).toBe(0);
  });
});

describe('LogThrottle', () => {
  it('cuts long lines, passes N a second and says how many it dropped', () => {
    const out: string[] = [];
    const clock = { at: 0 };
    const log = new LogThrottle((line) => out.push(line), 2, 5, () => clock.at);
    log.line('1234567');
    log.line('b');
    log.line('c');
    log.line('d');
    clock.at = 1000;
    log.line('e');
    log.flush();
    expect(out).toEqual(['12345… (2 more characters cut)', 'b', '… 2 lines dropped (more than 2 lines a second)', 'e']);
  });
});
