import { sql } from 'drizzle-orm';
import { blob, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

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

/**
 * Runs (sessions and results) refer to a check by a small integer surrogate, `check_num`, kept
 * here with the check's schedule; it is assigned when a check is first scheduled or triggered.
 * Deleting the check removes its schedule, sessions, results and status (cascade).
 */
export const checkSchedule = sqliteTable('check_schedule', {
  checkNum: integer('check_num').primaryKey({ autoIncrement: true }),
  checkId: text('check_id')
    .notNull()
    .unique('check_schedule_check_id')
    .references(() => checks.id, { onDelete: 'cascade' }),
  accountId: text('account_id').notNull(),
  /** Epoch ms of the next scheduled run; null until the scheduler first places it. */
  nextRunAt: integer('next_run_at'),
  /** Rotation through run locations when runParallel is off. */
  lastLocationIndex: integer('last_location_index').notNull().default(-1),
});

/** Location names as small codes (public regions, `local`, private location slugs). */
export const runLocationCodes = sqliteTable('run_location_codes', {
  code: integer('code').primaryKey({ autoIncrement: true }),
  name: text('name').notNull().unique('run_location_codes_name'),
});

export const checkSessions = sqliteTable(
  'check_sessions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    checkNum: integer('check_num')
      .notNull()
      .references(() => checkSchedule.checkNum, { onDelete: 'cascade' }),
    /** Index into SESSION_STATUSES (append-only list). */
    status: integer('status').notNull(),
    /** Index into RUN_SOURCES (append-only list). */
    runSource: integer('run_source').notNull(),
    startedAt: integer('started_at').notNull(),
    stoppedAt: integer('stopped_at'),
    /** JSON array of the locations run; null means ["local"]. */
    runLocations: text('run_locations'),
  },
  (t) => [index('check_sessions_check').on(t.checkNum, t.startedAt), index('check_sessions_open').on(t.status).where(sql`status < 4`)],
);

/** Session status codes below this are unfinished (see SESSION_STATUSES); the partial index holds only those. */
export const UNFINISHED_BELOW = 4;

/** Bulky result detail (hops, steps, errors, assertions) stored once per distinct content. */
export const resultDetails = sqliteTable('result_details', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  /** First 16 bytes of the sha256 of `body`. */
  hash: blob('hash', { mode: 'buffer' }).notNull().unique('result_details_hash'),
  body: text('body').notNull(),
});

/**
 * One row per attempt at one location. Kept small (about 100 bytes with its index): integers only,
 * latencies in microseconds, booleans in `flags`, everything bulky behind `detail_id`.
 */
export const checkResults = sqliteTable(
  'check_results',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    sessionId: integer('session_id').notNull(),
    checkNum: integer('check_num')
      .notNull()
      .references(() => checkSchedule.checkNum, { onDelete: 'cascade' }),
    location: integer('location').notNull(),
    /** 0 FINAL, 1 ATTEMPT. */
    resultType: integer('result_type').notNull(),
    /** RESULT_FLAGS bits. */
    flags: integer('flags').notNull(),
    attempt: integer('attempt').notNull(),
    startedAt: integer('started_at').notNull(),
    durationMs: integer('duration_ms').notNull(),
    responseTimeMs: integer('response_time_ms'),
    packetsSent: integer('packets_sent'),
    packetsReceived: integer('packets_received'),
    minUs: integer('min_us'),
    avgUs: integer('avg_us'),
    maxUs: integer('max_us'),
    stdDevUs: integer('std_dev_us'),
    detailId: integer('detail_id'),
  },
  (t) => [index('check_results_check_started').on(t.checkNum, t.startedAt)],
);

/** The latest state of each check, updated with every FINAL result (GET /v1/check-statuses). */
export const checkStatuses = sqliteTable('check_statuses', {
  checkNum: integer('check_num')
    .primaryKey()
    .references(() => checkSchedule.checkNum, { onDelete: 'cascade' }),
  flags: integer('flags').notNull(),
  longestRunMs: integer('longest_run_ms'),
  shortestRunMs: integer('shortest_run_ms'),
  lastLocation: integer('last_location'),
  lastSessionId: integer('last_session_id'),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at'),
});
