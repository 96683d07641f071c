import type Database from 'better-sqlite3';
import { mailboxOf } from '../../src-shared/rules/mailbox';

/** The SQL name of mailboxOf, registered on every connection before migrating (0011 backfills with it). */
export const MAILBOX_FUNCTION = 'sightline_mailbox';

export function registerMailboxFunction(sqlite: Database.Database): void {
  sqlite.function(MAILBOX_FUNCTION, { deterministic: true }, (value: unknown) => (typeof value === 'string' ? mailboxOf(value) : value));
}
