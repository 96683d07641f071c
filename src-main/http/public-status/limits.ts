import { mailboxOf } from '../../../src-shared/rules/mailbox';
import { clientAddress, FixedWindowCounter } from '../request-limits';

export interface Limit {
  max: number;
  windowMs: number;
}

/** Requests per client address to the public pages, feeds and JSON (no key identifies a visitor). */
export const PUBLIC_REQUESTS: Limit = { max: 300, windowMs: 60_000 };
/** Subscribe attempts per client address, valid or not. */
export const SUBSCRIBES_PER_CLIENT: Limit = { max: 30, windowMs: 10 * 60_000 };
/** Subscribe attempts per mailbox (aliases of one count as one), over every page. */
export const SUBSCRIBES_PER_EMAIL: Limit = { max: 5, windowMs: 60 * 60_000 };

/** Why a request answers 429: the rule and its limit, the seconds to wait, and a sentence for the visitor. */
export interface Refusal {
  rule: string;
  limit: number;
  retryAfterSeconds: number;
  message: string;
}

/** A refusal, or null while under the limit; each call counts one hit. */
export type LimitCheck = (key: string) => Refusal | null;

function limiter(limit: Limit, rule: string, what: string): LimitCheck {
  const counter = new FixedWindowCounter();
  return (key) => {
    const { current, ttl } = counter.hit(key, limit.windowMs);
    if (current <= limit.max) return null;
    const retryAfterSeconds = Math.max(1, Math.ceil(ttl / 1000));
    return { rule, limit: limit.max, retryAfterSeconds, message: `Too many ${what}. Try again in ${retryAfterSeconds} s.` };
  };
}

export interface PublicLimits {
  request(address: string): Refusal | null;
  subscribeFrom(address: string): Refusal | null;
  subscribeTo(email: string): Refusal | null;
}

/** Counted by the socket's address (no proxy header is trusted; IPv6 per /64, see clientAddress). */
export function createPublicLimits(): PublicLimits {
  const requests = limiter(PUBLIC_REQUESTS, 'requests-per-address', 'requests from your address');
  const byClient = limiter(SUBSCRIBES_PER_CLIENT, 'attempts-per-address', 'subscription attempts from your address');
  const byEmail = limiter(SUBSCRIBES_PER_EMAIL, 'attempts-per-email', 'subscription attempts for this address');
  return {
    request: (address) => requests(clientAddress(address)),
    subscribeFrom: (address) => byClient(clientAddress(address)),
    subscribeTo: (email) => byEmail(mailboxOf(email)),
  };
}
