import type { Readable } from 'node:stream';

/** What a pipe may carry: the longest line, and bytes over a sliding window (a rate that tolerates bursts). */
export interface LineLimits {
  maxLineBytes: number;
  /** Bytes allowed within any `windowMs`: the rate limit is maxWindowBytes / windowMs. */
  maxWindowBytes: number;
  windowMs: number;
}

export interface Overrun {
  limit: 'line' | 'rate';
  /** In words, for the run's error and the log. */
  message: string;
}

export interface BoundedLineHandlers {
  onLine: (line: string) => void;
  /** Called once, when a limit is passed; the reader stops reading and destroys the stream. */
  onOverrun: (overrun: Overrun) => void;
  now?: () => number;
}

const NEWLINE = 0x0a;
const BUCKETS = 10;

/** Bytes seen over the last `windowMs`, kept in ten buckets. */
export class ByteWindow {
  private readonly counts = new Array<number>(BUCKETS).fill(0);
  private readonly bucketMs: number;
  private current = -1;
  private total = 0;

  constructor(windowMs: number) {
    this.bucketMs = Math.max(1, windowMs / BUCKETS);
  }

  /** Adds `bytes` at `at` (ms) and returns the bytes within the window, these included. */
  add(bytes: number, at: number): number {
    const bucket = Math.floor(at / this.bucketMs);
    if (this.current < 0 || bucket - this.current >= BUCKETS) {
      this.counts.fill(0);
      this.total = 0;
    } else {
      for (let b = this.current + 1; b <= bucket; b++) {
        const slot = b % BUCKETS;
        this.total -= this.counts[slot] ?? 0;
        this.counts[slot] = 0;
      }
    }
    if (bucket > this.current) this.current = bucket;
    const slot = this.current % BUCKETS;
    this.counts[slot] = (this.counts[slot] ?? 0) + bytes;
    this.total += bytes;
    return this.total;
  }
}

function size(bytes: number): string {
  if (bytes >= 1048576) return `${Math.round(bytes / 1048576)} MiB`;
  return bytes >= 1024 ? `${Math.round(bytes / 1024)} KiB` : `${bytes} bytes`;
}

/**
 * Reads `stream` line by line (UTF-8, `\n` or `\r\n`) holding at most one line of `maxLineBytes`,
 * unlike node:readline, which grows a line until the string length limit throws in the reader.
 * Past either limit it calls onOverrun once and stops: what comes after is not read.
 */
export function readBoundedLines(stream: Readable, limits: LineLimits, handlers: BoundedLineHandlers): void {
  const now = handlers.now ?? Date.now;
  const window = new ByteWindow(limits.windowMs);
  let parts: Buffer[] = [];
  let held = 0;
  let stopped = false;

  const overrun = (limit: Overrun['limit']) => {
    stopped = true;
    parts = [];
    held = 0;
    stream.off('data', onData);
    stream.destroy();
    const message =
      limit === 'line'
        ? `a line longer than ${size(limits.maxLineBytes)}`
        : `more than ${size(limits.maxWindowBytes)} within ${limits.windowMs / 1000} s`;
    handlers.onOverrun({ limit, message });
  };
  const emit = (line: Buffer) => {
    const end = line.length > 0 && line[line.length - 1] === 0x0d ? line.length - 1 : line.length;
    handlers.onLine(line.toString('utf8', 0, end));
  };

  const onData = (chunk: Buffer | string) => {
    if (stopped) return;
    const data = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    if (window.add(data.length, now()) > limits.maxWindowBytes) return overrun('rate');
    let start = 0;
    for (let newline = data.indexOf(NEWLINE); newline >= 0 && !stopped; newline = data.indexOf(NEWLINE, start)) {
      if (held + newline - start > limits.maxLineBytes) return overrun('line');
      const piece = data.subarray(start, newline);
      const line = parts.length === 0 ? piece : Buffer.concat([...parts, piece]);
      parts = [];
      held = 0;
      start = newline + 1;
      emit(line);
    }
    if (stopped || start >= data.length) return;
    const rest = data.subarray(start);
    if (held + rest.length > limits.maxLineBytes) return overrun('line');
    // A copy: the chunk's memory may be a slice of a larger pooled buffer.
    parts.push(Buffer.from(rest));
    held += rest.length;
  };
  stream.on('data', onData);
  stream.on('end', () => {
    if (stopped || held === 0) return;
    const line = Buffer.concat(parts);
    parts = [];
    held = 0;
    emit(line);
  });
}

/**
 * Passes at most `perSecond` lines a second, each cut to `maxChars`; what it drops it counts and
 * reports in one line.
 */
export class LogThrottle {
  private second = -1;
  private passed = 0;
  private dropped = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly write: (line: string) => void,
    private readonly perSecond: number,
    private readonly maxChars: number,
    private readonly now: () => number = Date.now,
  ) {}

  line(text: string): void {
    const second = Math.floor(this.now() / 1000);
    if (second !== this.second) {
      this.flush();
      this.second = second;
      this.passed = 0;
    }
    if (this.passed >= this.perSecond) {
      // The count is told when the next second lets lines through, or a second later if none come.
      if (this.dropped++ === 0) this.timer = setTimeout(() => this.flush(), 1000).unref();
      return;
    }
    this.passed++;
    this.write(text.length > this.maxChars ? `${text.slice(0, this.maxChars)}… (${text.length - this.maxChars} more characters cut)` : text);
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.dropped === 0) return;
    const dropped = this.dropped;
    this.dropped = 0;
    this.write(`… ${dropped} lines dropped (more than ${this.perSecond} lines a second)`);
  }
}
