import { isIP } from 'node:net';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { AppError, isAppError } from '../core/errors';
import type { Keyring } from '../core/keyring';
import { bearerToken, hashApiKey } from '../services/auth';
import { rateLimitError } from './rest/error-mapper';

export const WINDOW_MS = 60_000;

export interface WindowCount {
  /** Hits in the current window, this one included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

/** Fixed windows per key in memory, like @fastify/rate-limit's own store; old windows are swept as the map grows. */
export class FixedWindowCounter {
  private readonly windows = new Map<string, { count: number; startedAt: number }>();

  constructor(
    private readonly maxEntries = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  hit(key: string, windowMs: number): WindowCount {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.startedAt + windowMs <= now) {
      if (!window && this.windows.size >= this.maxEntries) this.sweep(now, windowMs);
      window = { count: 0, startedAt: now };
      this.windows.set(key, window);
    }
    window.count += 1;
    return { current: window.count, ttl: window.startedAt + windowMs - now };
  }

  peek(key: string, windowMs: number): WindowCount {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || window.startedAt + windowMs <= now) return { current: 0, ttl: 0 };
    return { current: window.count, ttl: window.startedAt + windowMs - now };
  }

  private sweep(now: number, windowMs: number): void {
    for (const [key, window] of this.windows) if (window.startedAt + windowMs <= now) this.windows.delete(key);
    // Still full of live windows (a flood of distinct keys): forget the oldest rather than grow without bound.
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxEntries) break;
      this.windows.delete(key);
    }
  }
}

function storeOver(counter: FixedWindowCounter): FastifyRateLimitStore {
  return {
    incr(key, callback, timeWindow) {
      callback(null, counter.hit(key, timeWindow));
    },
    // A route with its own limit (the notification listing) counts on its own, as it replaces the shared one there.
    child: () => storeOver(new FixedWindowCounter()),
  };
}

/**
 * The requests each API key may make per minute, over REST and tRPC together: the REST scope's
 * @fastify/rate-limit counts in the same windows as tRPC's context, so neither transport can be used
 * to get around the other's limit.
 */
export class KeyBudget {
  private readonly counter = new FixedWindowCounter();

  constructor(
    readonly max: number,
    private readonly keyring: Keyring,
  ) {}

  /** The window a request counts in: its key's keyed hash (however "Bearer" is spelled), else its address. */
  bucketOf(authorization: string | undefined, address: string): string {
    const token = bearerToken(authorization);
    return token ? this.bucketOfKeyHash(hashApiKey(this.keyring, token)) : `ip:${clientAddress(address)}`;
  }

  /** The window of a key known by its keyed hash (a console session's key): the same as the key's own. */
  bucketOfKeyHash(keyHash: string): string {
    return `key:${keyHash}`;
  }

  /** Counts one request; 429 with the spec's body and attributes once the key's budget is spent. */
  spend(bucket: string): void {
    const { current, ttl } = this.counter.hit(bucket, WINDOW_MS);
    if (current > this.max) throw rateLimitError(this.max, WINDOW_MS, ttl);
  }

  /** The store for @fastify/rate-limit, counting in the same windows. */
  restStore(): FastifyRateLimitStoreCtor {
    const counter = this.counter;
    return class SharedWindowStore {
      constructor() {
        return storeOver(counter);
      }
    } as unknown as FastifyRateLimitStoreCtor;
  }
}

/**
 * Failed authentications (401) per client address: past the limit, every request of that address to
 * the API, tRPC or the agent API answers 429 before its key is even looked at, until the window ends.
 * The address is the socket's own (no proxy header is trusted); IPv6 clients count per /64, the
 * block one client usually holds.
 */
export class AuthFailureGuard {
  private readonly counter = new FixedWindowCounter();

  constructor(readonly max: number) {}

  assertNotBlocked(address: string): void {
    const { current, ttl } = this.counter.peek(clientAddress(address), WINDOW_MS);
    if (current < this.max) return;
    const retryAfterSeconds = Math.max(1, Math.ceil(ttl / 1000));
    throw new AppError(
      'rate_limited',
      `Too many failed authentications from this address: at most ${this.max} per ${WINDOW_MS / 1000} s. Retry in ${retryAfterSeconds} s with a valid key.`,
      { limit: this.max, remaining: 0, retryAfterSeconds },
    );
  }

  /** Runs an authentication for the address: refused at once while it is blocked; a 401 counts against it. */
  async authenticate<T>(address: string, attempt: () => Promise<T>): Promise<T> {
    this.assertNotBlocked(address);
    try {
      return await attempt();
    } catch (error) {
      if (isAppError(error) && error.kind === 'unauthorized') this.counter.hit(clientAddress(address), WINDOW_MS);
      throw error;
    }
  }
}

/** The socket address a limit counts by: IPv4-mapped IPv6 as IPv4, other IPv6 by its /64 prefix. */
export function clientAddress(address: string | undefined): string {
  if (!address) return 'unknown';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (isIP(address) !== 6) return address;
  return `${expandIpv6(address).slice(0, 4).join(':')}::/64`;
}

function expandIpv6(address: string): string[] {
  const [head, tail = ''] = address.toLowerCase().split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = address.includes('::') && tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return groups.map((group) => (group.includes('.') ? group : String(parseInt(group, 16).toString(16))));
}

export interface RequestLimits {
  budget: KeyBudget;
  authFailures: AuthFailureGuard;
}

export function createRequestLimits(keyring: Keyring, options: { rateLimitPerMinute: number; authFailuresPerMinute: number }): RequestLimits {
  return { budget: new KeyBudget(options.rateLimitPerMinute, keyring), authFailures: new AuthFailureGuard(options.authFailuresPerMinute) };
}
