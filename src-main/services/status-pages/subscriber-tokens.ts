import type { Keyring } from '../../core/keyring';
import { sameHash } from '../auth';

export type TokenPurpose = 'confirm' | 'unsubscribe';

/**
 * The secret in a subscriber's confirmation and unsubscribe links: a keyed hash of the subscriber,
 * so nothing secret is stored and a link works only for the subscription it was made for.
 */
export function subscriberToken(keyring: Keyring, purpose: TokenPurpose, subscriber: { id: string; email: string }): string {
  return keyring.mac(`status page subscriber ${purpose} v1\n${subscriber.id}\n${subscriber.email}`).slice(0, 40);
}

export function tokenMatches(keyring: Keyring, purpose: TokenPurpose, subscriber: { id: string; email: string }, token: string): boolean {
  return /^[0-9a-f]{40}$/.test(token) && sameHash(subscriberToken(keyring, purpose, subscriber), token);
}

export function subscriberLink(pageUrl: string, purpose: TokenPurpose, keyring: Keyring, subscriber: { id: string; email: string }): string {
  const query = new URLSearchParams({ s: subscriber.id, t: subscriberToken(keyring, purpose, subscriber) });
  return `${pageUrl}/${purpose}?${query.toString()}`;
}
