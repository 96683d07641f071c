import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

export const accounts = sqliteTable('accounts', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: text('created_at').notNull(),
  /** Plan limit: maximum number of checks; null = unlimited. */
  maxChecks: integer('max_checks'),
  alertSettings: text('alert_settings', { mode: 'json' }),
});

export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** sha256 of the key, hex; the key itself is never stored. */
    keyHash: text('key_hash').notNull(),
    label: text('label').notNull(),
    role: text('role').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [uniqueIndex('api_keys_key_hash').on(t.keyHash)],
);

export const checks = sqliteTable(
  'checks',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    checkType: text('check_type').notNull(),
    name: text('name').notNull(),
    activated: integer('activated', { mode: 'boolean' }).notNull(),
    muted: integer('muted', { mode: 'boolean' }).notNull(),
    groupId: integer('group_id'),
    tags: text('tags', { mode: 'json' }).$type<string[]>().notNull(),
    /** The whole validated monitor body (everything but the read-only members). */
    body: text('body', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at'),
  },
  (t) => [
    index('checks_account_created').on(t.accountId, t.createdAt),
    index('checks_account_type').on(t.accountId, t.checkType),
    index('checks_group').on(t.groupId),
  ],
);
