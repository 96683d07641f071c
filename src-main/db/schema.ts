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
    /** The member the key belongs to; removing the member revokes its keys. */
    memberId: text('member_id'),
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

export const members = sqliteTable(
  'members',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** OWNER | ADMIN | READ_WRITE | READ_RUN | READ_ONLY */
    role: text('role').notNull(),
    /** ACTIVE for members, INVITED until the invite is accepted. */
    status: text('status').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at'),
  },
  (t) => [uniqueIndex('members_account_email').on(t.accountId, t.email), index('members_account').on(t.accountId)],
);

export const checkGroups = sqliteTable(
  'check_groups',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The whole validated group body (everything but id and timestamps). */
    body: text('body', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at'),
  },
  (t) => [index('check_groups_account').on(t.accountId)],
);

export const alertChannels = sqliteTable(
  'alert_channels',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    autoSubscribe: integer('auto_subscribe', { mode: 'boolean' }).notNull(),
    /** config, sendRecovery, sendFailure, sendDegraded, sslExpiry, sslExpiryThreshold */
    body: text('body', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at'),
  },
  (t) => [index('alert_channels_account').on(t.accountId)],
);

export const alertSubscriptions = sqliteTable(
  'alert_subscriptions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    alertChannelId: integer('alert_channel_id')
      .notNull()
      .references(() => alertChannels.id, { onDelete: 'cascade' }),
    checkId: text('check_id').references(() => checks.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => checkGroups.id, { onDelete: 'cascade' }),
    activated: integer('activated', { mode: 'boolean' }).notNull(),
  },
  (t) => [
    index('alert_subscriptions_channel').on(t.alertChannelId),
    uniqueIndex('alert_subscriptions_channel_check').on(t.alertChannelId, t.checkId),
    uniqueIndex('alert_subscriptions_channel_group').on(t.alertChannelId, t.groupId),
    index('alert_subscriptions_check').on(t.checkId),
    index('alert_subscriptions_group').on(t.groupId),
  ],
);

export const statusPageServices = sqliteTable(
  'status_page_services',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at'),
  },
  (t) => [index('status_page_services_account').on(t.accountId)],
);

export const incidents = sqliteTable(
  'incidents',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    severity: text('severity').notNull(),
    /** INVESTIGATING | IDENTIFIED | MONITORING | RESOLVED, mirrored from the newest update. */
    lastUpdateStatus: text('last_update_status').notNull(),
    /** Set when a check's triggerIncident opened it: one open incident per check. */
    sourceCheckId: text('source_check_id'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at'),
    resolvedAt: text('resolved_at'),
  },
  (t) => [index('incidents_account_created').on(t.accountId, t.createdAt), index('incidents_source_check').on(t.sourceCheckId)],
);

export const incidentServices = sqliteTable(
  'incident_services',
  {
    incidentId: text('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    serviceId: text('service_id')
      .notNull()
      .references(() => statusPageServices.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('incident_services_pair').on(t.incidentId, t.serviceId), index('incident_services_service').on(t.serviceId)],
);

export const incidentUpdates = sqliteTable(
  'incident_updates',
  {
    id: text('id').primaryKey(),
    incidentId: text('incident_id')
      .notNull()
      .references(() => incidents.id, { onDelete: 'cascade' }),
    status: text('status').notNull(),
    description: text('description').notNull(),
    notifySubscribers: integer('notify_subscribers', { mode: 'boolean' }).notNull(),
    publicIncidentUpdateDate: text('public_incident_update_date').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at'),
  },
  (t) => [index('incident_updates_incident').on(t.incidentId, t.createdAt)],
);
