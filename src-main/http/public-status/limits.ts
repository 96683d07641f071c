import { clientAddress, FixedWindowCounter } from '../request-limits';

export interface Limit {
  max: number;
  windowMs: number;
}

/** Requests per client address to the public pages, feeds and JSON (no key identifies a visitor). */
export const PUBLIC_REQUESTS: Limit = { max: 300, windowMs: 60_000 };
/** Subscribe attempts per client address, valid or not. */
export const SUBSCRIBES_PER_CLIENT: Limit = { max: 30, windowMs: 10 * 60_000 };
/** Subscribe attempts per email address (each may send a confirmation mail), over every page. */
export const SUBSCRIBES_PER_EMAIL: Limit = { max: 5, windowMs: 60 * 60_000 };

/** Seconds to wait, or null while under the limit; each call counts one hit. */
export type LimitCheck = (key: string) => number | null;

function limiter(limit: Limit): LimitCheck {
  const counter = new FixedWindowCounter();
  return (key) => {
    const { current, ttl } = counter.hit(key, limit.windowMs);
    return current > limit.max ? Math.max(1, Math.ceil(ttl / 1000)) : null;
  };
}

export interface PublicLimits {
  request(address: string): number | null;
  subscribeFrom(address: string): number | null;
  subscribeTo(email: string): number | null;
}

export function createPublicLimits(): PublicLimits {
  const requests = limiter(PUBLIC_REQUESTS);
  const byClient = limiter(SUBSCRIBES_PER_CLIENT);
  const byEmail = limiter(SUBSCRIBES_PER_EMAIL);
  return {
    request: (address) => requests(clientAddress(address)),
    subscribeFrom: (address) => byClient(clientAddress(address)),
    subscribeTo: (email) => byEmail(email),
  };
}
