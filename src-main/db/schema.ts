import { sql } from 'drizzle-orm';
import { blob, index, integer, primaryKey, sqliteTable, sqliteView, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

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
    /** HMAC-SHA256 of the key keyed by the data folder's key file (hex); plain sha256 for keys not used since that change. The key itself is never stored. */
    keyHash: text('key_hash').notNull(),
    label: text('label').notNull(),
    role: text('role').notNull(),
    /** The member the key belongs to; removing the member revokes its keys. */
    memberId: text('member_id'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [uniqueIndex('api_keys_key_hash').on(t.keyHash)],
);

/** A check's columns, as `check_rows` holds them and the `checks` view shows them (fresh builders per use). */
const checkColumns = () => ({
  id: text('id').primaryKey(),
  accountId: text('account_id').notNull(),
  checkType: text('check_type').notNull(),
  name: text('name').notNull(),
  /** foldName(name), kept by the repository on every write: what name search matches, in any script. */
  nameFolded: text('name_folded').notNull().default(''),
  activated: integer('activated', { mode: 'boolean' }).notNull(),
  muted: integer('muted', { mode: 'boolean' }).notNull(),
  groupId: integer('group_id'),
  tags: text('tags', { mode: 'json' }).$type<string[]>().notNull(),
  /** The whole validated monitor body (everything but the read-only members). */
  body: text('body', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
  createdAt: text('created_at').notNull(),
  updatedAt: text('updated_at'),
});

/**
 * Every check's row, staged ones included: write here, read through the `checks` view. A deploy
 * writes its new checks in slices with `staged_by` naming its row of `staged_deploys` (invisible
 * to every reader while that row exists), and its commit publishes them all at once by deleting
 * that one row (docs/DECISIONS.md, issue 29: staged checks).
 */
export const checkRows = sqliteTable(
  'check_rows',
  {
    ...checkColumns(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /**
     * The deploy that wrote this row before its commit (a `staged_deploys` id): hidden while that
     * row exists. Null for every other write, and cleared after the deploy published it.
     */
    stagedBy: text('staged_by'),
  },
  (t) => [
    // Newest first, ties by id, as GET /v1/checks lists them: a deploy creates thousands at one instant, which must not be sorted per request.
    index('checks_account_created_id').on(t.accountId, sql`${t.createdAt} desc`, t.id),
    index('checks_account_type').on(t.accountId, t.checkType),
    index('checks_group').on(t.groupId),
    index('checks_account_name_folded').on(t.accountId, t.nameFolded),
    // Health by account (paused, then the status row): the Dashboard's counts and the Monitors list's health-first page
    // read these columns of every check; with them in one index they no longer read each check's ~1 KB row.
    index('checks_account_health').on(t.accountId, t.activated, t.name, t.id, t.stagedBy),
    // The rows a deploy staged (none outside a deploy): found to delete or to clear without reading every check.
    index('check_rows_staged').on(t.stagedBy).where(sql`${t.stagedBy} is not null`),
    // When a check was last written: the scheduler's and the heartbeat judge's look for changes (each
    // second) asks for the newest, and a deploy's commit for those written since its plan.
    index('checks_written_at').on(sql`coalesce(${t.updatedAt}, ${t.createdAt})`),
    // Only the checks that depend on another: asked on every alert (who does this failure hold down?).
    index('checks_with_dependencies')
      .on(t.accountId)
      .where(sql`json_array_length(${t.body}, '$.dependsOn') > 0`),
  ],
);

/** Deploys whose staged checks are not published yet: deleting a row publishes its checks in one step. */
export const stagedDeploys = sqliteTable('staged_deploys', {
  id: text('id').primaryKey(),
  accountId: text('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  createdAt: text('created_at').notNull(),
});

/**
 * The checks every reader sees: the rows of `check_rows` no unfinished deploy holds back. A
 * view, so that no query can forget the filter; writes go to `checkRows` (a write to the view
 * fails). SQLite flattens it, so the table's indexes serve every query as before.
 */
export const checks = sqliteView('checks', checkColumns()).existing();

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
    checkId: text('check_id').references(() => checkRows.id, { onDelete: 'cascade' }),
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

/** A status page: its `url` is the page's slug, unique across the install as in the public API. */
export const statusPages = sqliteTable(
  'status_pages',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    url: text('url').notNull(),
    customDomain: text('custom_domain'),
    logo: text('logo'),
    favicon: text('favicon'),
    redirectTo: text('redirect_to'),
    defaultTheme: text('default_theme').notNull(),
    isPrivate: integer('is_private', { mode: 'boolean' }).notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    /** Served without a key at /status/<url> (unless isPrivate). */
    published: integer('published', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [uniqueIndex('status_pages_url').on(t.url), index('status_pages_account_created').on(t.accountId, t.createdAt)],
);

export const statusPageCards = sqliteTable(
  'status_page_cards',
  {
    id: text('id').primaryKey(),
    statusPageId: text('status_page_id')
      .notNull()
      .references(() => statusPages.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [index('status_page_cards_page').on(t.statusPageId, t.position)],
);

/** Deleting a service takes it off every card (cascade); the cards stay. */
export const statusPageCardServices = sqliteTable(
  'status_page_card_services',
  {
    cardId: text('card_id')
      .notNull()
      .references(() => statusPageCards.id, { onDelete: 'cascade' }),
    serviceId: text('service_id')
      .notNull()
      .references(() => statusPageServices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
  },
  (t) => [uniqueIndex('status_page_card_services_pair').on(t.cardId, t.serviceId), index('status_page_card_services_service').on(t.serviceId)],
);

/** The checks an operator chose to back a status page service: its uptime bars and part of its current state. */
export const statusPageServiceChecks = sqliteTable(
  'status_page_service_checks',
  {
    serviceId: text('service_id')
      .notNull()
      .references(() => statusPageServices.id, { onDelete: 'cascade' }),
    checkId: text('check_id')
      .notNull()
      .references(() => checkRows.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.checkId] }), index('status_page_service_checks_check').on(t.checkId)],
);

/** Email subscribers of a public status page; a subscriber receives incident mail once confirmed (double opt-in). */
export const statusPageSubscribers = sqliteTable(
  'status_page_subscribers',
  {
    id: text('id').primaryKey(),
    statusPageId: text('status_page_id')
      .notNull()
      .references(() => statusPages.id, { onDelete: 'cascade' }),
    /** Trimmed and lower-cased. */
    email: text('email').notNull(),
    /** The mailbox the address delivers to (src-shared/rules/mailbox.ts): aliases of one mailbox are one subscription. */
    mailbox: text('mailbox').notNull().default(''),
    /** A keyed hash of the client address that signed up (no address is stored); null before it was recorded. */
    source: text('source'),
    createdAt: text('created_at').notNull(),
    confirmedAt: text('confirmed_at'),
  },
  (t) => [
    uniqueIndex('status_page_subscribers_page_email').on(t.statusPageId, t.email),
    index('status_page_subscribers_page_mailbox').on(t.statusPageId, t.mailbox),
    index('status_page_subscribers_pending_source').on(t.statusPageId, t.source, t.createdAt).where(sql`confirmed_at is null`),
    index('status_page_subscribers_pending_created').on(t.createdAt).where(sql`confirmed_at is null`),
  ],
);

/**
 * The outbox of subscriber mail (confirmations and incident updates): written PENDING with the change
 * that causes it, delivered after the commit, then SENT, FAILED or SKIPPED. Times are epoch ms.
 */
export const statusPageEmails = sqliteTable(
  'status_page_emails',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    statusPageId: text('status_page_id')
      .notNull()
      .references(() => statusPages.id, { onDelete: 'cascade' }),
    subscriberId: text('subscriber_id')
      .notNull()
      .references(() => statusPageSubscribers.id, { onDelete: 'cascade' }),
    /** CONFIRM | UPDATE */
    kind: text('kind').notNull(),
    incidentUpdateId: text('incident_update_id').references(() => incidentUpdates.id, { onDelete: 'cascade' }),
    /** PENDING | SENT | FAILED | SKIPPED */
    status: text('status').notNull(),
    attempts: integer('attempts').notNull(),
    nextAttemptAt: integer('next_attempt_at'),
    /** Set just before each SMTP call; a PENDING row with it set was maybe sent. */
    sendingAt: integer('sending_at'),
    sentAt: integer('sent_at'),
    /** The SMTP reply or the error of the last attempt. */
    result: text('result'),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [
    index('status_page_emails_due').on(t.nextAttemptAt).where(sql`status = 'PENDING'`),
    index('status_page_emails_subscriber').on(t.subscriberId, t.createdAt),
    index('status_page_emails_page').on(t.statusPageId),
    index('status_page_emails_page_kind').on(t.statusPageId, t.kind, t.createdAt),
    index('status_page_emails_update').on(t.incidentUpdateId),
    index('status_page_emails_created').on(t.createdAt),
  ],
);

/**
 * Runs (sessions and results) refer to a check by a small integer surrogate, `check_num`, kept
 * here with the check's schedule; it is assigned when a check is first scheduled or triggered.
 * Deleting the check only sets `check_id` NULL (O(1) under the write lock); the retention worker
 * then purges that check_num's runs in small batches. A row with a NULL check_id is invisible.
 */
export const checkSchedule = sqliteTable('check_schedule', {
  checkNum: integer('check_num').primaryKey({ autoIncrement: true }),
  checkId: text('check_id')
    .unique('check_schedule_check_id')
    .references(() => checkRows.id, { onDelete: 'set null' }),
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
    /** The scheduler's slot (epoch ms) this session runs; null for every other session (manual, API, heartbeat). */
    plannedAt: integer('planned_at'),
    /** The team-mode server (cluster node id) that started and runs this session; null on a single server. */
    nodeId: text('node_id'),
  },
  (t) => [
    index('check_sessions_check').on(t.checkNum, t.startedAt),
    index('check_sessions_open').on(t.status).where(sql`status < 4`),
    // One session per planned slot, whichever server starts it (issue 35 item 4's last guard).
    uniqueIndex('check_sessions_planned_slot').on(t.checkNum, t.plannedAt).where(sql`planned_at is not null`),
  ],
);

/** Session status codes below this are unfinished (see SESSION_STATUSES); the partial index holds only those. */
export const UNFINISHED_BELOW = 4;

/** Bulky result detail (hops, steps, errors, assertions) stored once per distinct content. */
export const resultDetails = sqliteTable(
  'result_details',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** First 16 bytes of the sha256 of `body`. */
    hash: blob('hash', { mode: 'buffer' }).notNull().unique('result_details_hash'),
    body: text('body').notNull(),
    /**
     * Epoch ms of the hour (floored) the detail was last stored or reused; retention prunes details
     * unused since the raw cutoff (check_results has no index on detail_id, on purpose).
     */
    lastUsedAt: integer('last_used_at').notNull().default(0),
  },
  (t) => [index('result_details_last_used').on(t.lastUsedAt)],
);

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

/**
 * What the server's heartbeat judge must remember across restarts, per heartbeat monitor: the last
 * ping, a run started with `/start` and not finished, and when the next ping is due at the latest
 * (null while it is failing and waits for a ping). The judge keeps every row in memory
 * (services/engines/heartbeat-judge.ts) and writes a row back with each ping's result.
 */
export const heartbeatStates = sqliteTable('heartbeat_states', {
  checkNum: integer('check_num')
    .primaryKey()
    .references(() => checkSchedule.checkNum, { onDelete: 'cascade' }),
  lastPingAt: integer('last_ping_at'),
  runStartedAt: integer('run_started_at'),
  deadlineAt: integer('deadline_at'),
  failing: integer('failing', { mode: 'boolean' }).notNull().default(false),
  /** Why the deadline moved without a ping (Sightline was not running, a maintenance window); shown by the console. */
  note: text('note'),
  updatedAt: integer('updated_at').notNull(),
});

/**
 * Hourly roll-up of a check's FINAL results (WITHOUT ROWID in the migration). Response times are
 * integer microseconds; percentiles are nearest-rank over the non-skipped runs with a response time
 * (`timed_runs` of them). No foreign key: the purge of a deleted check removes its rollups.
 */
export const checkRollups = sqliteTable(
  'check_rollups',
  {
    checkNum: integer('check_num').notNull(),
    /** Epoch ms of the hour's start (UTC). */
    hourStart: integer('hour_start').notNull(),
    runs: integer('runs').notNull(),
    passed: integer('passed').notNull(),
    degraded: integer('degraded').notNull(),
    failed: integer('failed').notNull(),
    skipped: integer('skipped').notNull(),
    timedRuns: integer('timed_runs').notNull(),
    responseMinUs: integer('response_min_us'),
    responseAvgUs: integer('response_avg_us'),
    responseMaxUs: integer('response_max_us'),
    responseP50Us: integer('response_p50_us'),
    responseP95Us: integer('response_p95_us'),
    responseP99Us: integer('response_p99_us'),
    packetsSent: integer('packets_sent').notNull(),
    packetsReceived: integer('packets_received').notNull(),
  },
  (t) => [primaryKey({ columns: [t.checkNum, t.hourStart] })],
);

/** Small key/value state of background maintenance (e.g. the rollup watermark). WITHOUT ROWID. */
export const maintenanceState = sqliteTable('maintenance_state', {
  key: text('key').primaryKey(),
  value: integer('value').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

/** Places where `sightline agent` processes run checks; the embedded agent's `local` is implicit. */
export const privateLocations = sqliteTable(
  'private_locations',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    slugName: text('slug_name').notNull(),
    icon: text('icon').notNull(),
    proxyUrl: text('proxy_url'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at'),
  },
  (t) => [uniqueIndex('private_locations_account_slug').on(t.accountId, t.slugName)],
);

/** Agent keys of a private location: sha256 of the key, hex; the key itself is shown once. */
export const privateLocationKeys = sqliteTable(
  'private_location_keys',
  {
    id: text('id').primaryKey(),
    locationId: text('location_id')
      .notNull()
      .references(() => privateLocations.id, { onDelete: 'cascade' }),
    keyHash: text('key_hash').notNull(),
    maskedKey: text('masked_key').notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at'),
  },
  (t) => [uniqueIndex('private_location_keys_hash').on(t.keyHash), index('private_location_keys_location').on(t.locationId)],
);

/** Remote agents that registered with a location's key; lastSeenAt moves with every request. */
export const agents = sqliteTable(
  'agents',
  {
    id: text('id').primaryKey(),
    locationId: text('location_id')
      .notNull()
      .references(() => privateLocations.id, { onDelete: 'cascade' }),
    hostname: text('hostname'),
    version: text('version').notNull(),
    concurrency: integer('concurrency').notNull(),
    registeredAt: integer('registered_at').notNull(),
    lastSeenAt: integer('last_seen_at').notNull(),
    /** When the server last heard from it before it counted it unreachable (and said so once); null while reachable. Kept so a restart does not announce it again. */
    unreachableSince: integer('unreachable_since'),
    /** Runs of its location recorded not run because it was unreachable, since unreachableSince (the notice of its return counts them). */
    unreachableRuns: integer('unreachable_runs').notNull().default(0),
    /**
     * What the agent last said of its own network, as the operators were told (online or not, its
     * outage counter, since when it was still offline on its return; JSON, db/stored-agent-network.ts):
     * stored rather than kept per server, so each change is told once whichever server hears it.
     * Null until its first report.
     */
    network: text('network', { mode: 'json' }).$type<Record<string, unknown>>(),
  },
  (t) => [index('agents_location_seen').on(t.locationId, t.lastSeenAt)],
);

/**
 * Jobs for private locations, waiting for or leased by a remote agent; a row lives until its
 * outcome is recorded, so a server restart keeps the queue. No foreign key to the location: a
 * job outlives a deleted location and is dropped when its dropAfter passes.
 */
export const agentJobs = sqliteTable(
  'agent_jobs',
  {
    jobId: text('job_id').primaryKey(),
    locationId: text('location_id').notNull(),
    sessionId: text('session_id').notNull(),
    /** The scheduler's RunJob as JSON. */
    // Read back through the run contract's schema (services/agent-jobs/stored-job.ts), never as a type.
    job: text('job', { mode: 'json' }).$type<unknown>().notNull(),
    /** QUEUED or LEASED. */
    state: text('state').notNull(),
    agentId: text('agent_id'),
    leaseExpiresAt: integer('lease_expires_at'),
    /** How long a lease of this job lasts (its time limit plus a grace period). */
    leaseMs: integer('lease_ms').notNull(),
    /** How often the job was handed to an agent. */
    leases: integer('leases').notNull().default(0),
    cancelled: integer('cancelled', { mode: 'boolean' }).notNull().default(false),
    enqueuedAt: integer('enqueued_at').notNull(),
    dropAfter: integer('drop_after').notNull(),
  },
  (t) => [
    index('agent_jobs_queue').on(t.locationId, t.state, t.enqueuedAt),
    index('agent_jobs_lease').on(t.state, t.leaseExpiresAt),
    index('agent_jobs_drop').on(t.state, t.dropAfter),
    index('agent_jobs_session').on(t.sessionId),
    index('agent_jobs_agent').on(t.agentId),
  ],
);

/**
 * Alerting state per check: the escalation state machine of src-shared/rules/alerting.ts, and the
 * last session already counted (a session with several locations is judged once).
 */
export const checkAlertStates = sqliteTable(
  'check_alert_states',
  {
    checkId: text('check_id')
      .primaryKey()
      .references(() => checkRows.id, { onDelete: 'cascade' }),
    accountId: text('account_id').notNull(),
    /** AlertState as JSON (with `held` while an alert waits for a dependency's verdict). */
    state: text('state', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    lastSessionId: text('last_session_id'),
    updatedAt: integer('updated_at').notNull(),
  },
  // Every judged run looks for held alerts: the few held rows, never the whole table.
  (t) => [index('check_alert_states_held').on(t.checkId).where(sql`json_extract(state, '$.held') is not null`)],
);

/** One row per alert event (failure, degradation, reminder, recovery, test): the notifications' checkAlertId. */
export const checkAlerts = sqliteTable(
  'check_alerts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** Kept after the check is deleted, so the notification log still names it. */
    checkId: text('check_id'),
    alertType: text('alert_type').notNull(),
    checkSessionId: text('check_session_id'),
    checkResultId: text('check_result_id'),
    /** Notifications were suppressed because the check (or its group) is muted. */
    muted: integer('muted', { mode: 'boolean' }).notNull(),
    /** The AlertEvent facts shared by its notifications (without the per-notification id). */
    event: text('event', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    createdAt: integer('created_at').notNull(),
    /**
     * Set only on rows stored before the one-alert-per-state-change key existed: the id of the first
     * alert of the same check, session and type, which this one repeats (kept, outside the key).
     */
    repeatOf: text('repeat_of'),
  },
  (t) => [
    index('check_alerts_account_created').on(t.accountId, t.createdAt),
    index('check_alerts_check').on(t.checkId, t.createdAt),
    // An alert for one state change (a check's session judged into one transition) is decided once,
    // whichever server judges it (issue 35 item 5). Alerts without a session (tests, digests, agent notices) are not keyed.
    uniqueIndex('check_alerts_state_change')
      .on(t.checkId, t.checkSessionId, t.alertType)
      .where(sql`check_id is not null and check_session_id is not null and repeat_of is null`),
  ],
);

/**
 * The notification outbox and log: written IN_PROGRESS with its alert, delivered after the commit,
 * then SUCCESS or FAILURE (or RATE_LIMITED without sending). Times are epoch ms.
 */
export const alertNotifications = sqliteTable(
  'alert_notifications',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    checkAlertId: text('check_alert_id').notNull(),
    /** No foreign key: the log outlives a deleted channel. */
    alertChannelId: integer('alert_channel_id').notNull(),
    /** The channel type (EMAIL, WEBHOOK, ...). */
    type: text('type').notNull(),
    alertType: text('alert_type').notNull(),
    status: text('status').notNull(),
    /** The channel config as clients see it: credentials left out or masked (services/secrets). */
    alertConfig: text('alert_config', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    /** The channel config with its credentials sealed, for delivery; cleared once the notification is final. */
    sealedConfig: text('sealed_config', { mode: 'json' }).$type<Record<string, unknown>>(),
    notificationResult: text('notification_result'),
    checkId: text('check_id'),
    checkType: text('check_type'),
    checkResultId: text('check_result_id'),
    attempts: integer('attempts').notNull(),
    /** When the next attempt is due while IN_PROGRESS; null once final. */
    nextAttemptAt: integer('next_attempt_at'),
    /** Set just before each network call: an IN_PROGRESS row with it set was maybe sent (same idempotency key on resend). */
    sendingAt: integer('sending_at'),
    sentAt: integer('sent_at'),
    createdAt: integer('created_at').notNull(),
    /**
     * Set on a notification that came over its channel's budget: the DIGEST notification that
     * carries it (it is never sent on its own, and ends as that digest ends).
     */
    digestId: text('digest_id'),
  },
  (t) => [
    index('alert_notifications_account_created').on(t.accountId, t.createdAt),
    index('alert_notifications_digest').on(t.digestId).where(sql`digest_id is not null`),
    index('alert_notifications_channel_created').on(t.alertChannelId, t.createdAt),
    index('alert_notifications_due').on(t.nextAttemptAt).where(sql`status = 'IN_PROGRESS'`),
    // A check's notifications to one channel go out in order: the few of its line not yet final (db/repositories/notification-lines.ts).
    index('alert_notifications_line').on(t.alertChannelId, t.checkId, t.nextAttemptAt).where(sql`status = 'IN_PROGRESS'`),
  ],
);

/** Per-account settings by key (delivery: SMTP, provider base URLs, gateway, rate limit), values as JSON. */
export const appSettings = sqliteTable(
  'app_settings',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value', { mode: 'json' }).$type<Record<string, unknown>>().notNull(),
    updatedAt: integer('updated_at').notNull(),
  },
  (t) => [uniqueIndex('app_settings_account_key').on(t.accountId, t.key)],
);

/** Account-level environment variables: every multi-step run receives them. A secret's value is sealed. */
export const accountVariables = sqliteTable(
  'account_variables',
  {
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: text('value').notNull(),
    locked: integer('locked', { mode: 'boolean' }).notNull(),
    secret: integer('secret', { mode: 'boolean' }).notNull(),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.key] })],
);

/**
 * Maintenance windows (/v1/maintenance-windows): checks they target are not scheduled while one is
 * open. Times are ISO strings in UTC; check_ids and group_ids are Sightline's extension.
 */
export const maintenanceWindows = sqliteTable(
  'maintenance_windows',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tags: text('tags', { mode: 'json' }).$type<string[]>().notNull(),
    checkIds: text('check_ids', { mode: 'json' }).$type<string[]>().notNull(),
    groupIds: text('group_ids', { mode: 'json' }).$type<number[]>().notNull(),
    startsAt: text('starts_at').notNull(),
    endsAt: text('ends_at').notNull(),
    repeatInterval: integer('repeat_interval'),
    repeatUnit: text('repeat_unit'),
    repeatEndsAt: text('repeat_ends_at'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at'),
  },
  (t) => [index('maintenance_windows_account').on(t.accountId)],
);

/**
 * Console sign-in sessions (headless mode), kept so a restart or an upgrade leaves every tab signed
 * in. Only the session id's sha256 is stored, never the id itself. A row outlives its session for a
 * day (ended_reason set, or past its expiry) so a tab refused afterwards can be told why.
 */
export const consoleSessions = sqliteTable(
  'console_sessions',
  {
    idHash: text('id_hash').primaryKey(),
    /** The keyed hash of the API key (or launch token) that signed in: looked up again on every use. */
    keyHash: text('key_hash').notNull(),
    createdAt: integer('created_at').notNull(),
    lastUsedAt: integer('last_used_at').notNull(),
    /** Absolute end (created + lifetime); the idle end is last_used_at + the idle limit. */
    expiresAt: integer('expires_at').notNull(),
    endedAt: integer('ended_at'),
    endedReason: text('ended_reason'),
  },
  (t) => [index('console_sessions_key').on(t.keyHash), index('console_sessions_last_used').on(t.lastUsedAt)],
);

/**
 * Projects of monitoring as code (the public CLI's `checkly.config.ts`): a project's logical id is
 * what the CLI names it by; its deploys own or reference resources through project_bindings.
 */
export const projects = sqliteTable(
  'projects',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    logicalId: text('logical_id').notNull(),
    name: text('name').notNull(),
    repoUrl: text('repo_url'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at'),
  },
  (t) => [uniqueIndex('projects_account_logical').on(t.accountId, t.logicalId)],
);

/**
 * A resource bound to a project: `member` true when the project owns it (its deploys may change or
 * delete it), false when it only references one owned elsewhere (`fromId` constructs). `pending` marks
 * a binding reserved by an import plan that is not committed yet. resource_id is the physical id as
 * text (a check's uuid, a group's integer id), so one table serves every resource type.
 */
export const projectBindings = sqliteTable(
  'project_bindings',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The CLI's resource type: check, check-group, alert-channel, status-page, … */
    resourceType: text('resource_type').notNull(),
    resourceId: text('resource_id').notNull(),
    logicalId: text('logical_id').notNull(),
    member: integer('member', { mode: 'boolean' }).notNull(),
    pending: integer('pending', { mode: 'boolean' }).notNull().default(false),
    sourceFile: text('source_file'),
    /** The import plan that reserved this binding while it is pending; cleared when the plan commits. */
    importPlanId: text('import_plan_id'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at'),
  },
  (t) => [
    uniqueIndex('project_bindings_logical').on(t.projectId, t.resourceType, t.logicalId),
    index('project_bindings_resource').on(t.accountId, t.resourceType, t.resourceId),
  ],
);

/**
 * One `checkly deploy` (not a preview): its progress, outcome and the diff it applied, kept as the
 * project's deployment history.
 */
export const deployments = sqliteTable(
  'deployments',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** IN_PROGRESS, SUCCEEDED, FAILED or CANCELLED; REFUSED for one answered 4xx (nothing changed; `error` holds what the client was told). */
    status: text('status').notNull(),
    /** `deploy` or `destroy`. */
    operation: text('operation').notNull().default('deploy'),
    /** A refused dry run (`checkly deploy --preview`, or the check `checkly deploy` makes before it deploys); a successful one is not recorded. */
    dryRun: integer('dry_run', { mode: 'boolean' }).notNull().default(false),
    /** The HTTP status the client got, for a refused (or failed) one. */
    httpStatus: integer('http_status'),
    scheduleOnDeploy: integer('schedule_on_deploy', { mode: 'boolean' }).notNull(),
    preserveResources: integer('preserve_resources', { mode: 'boolean' }).notNull(),
    /** [{type, logicalId, physicalId, action}] once applied. */
    diff: text('diff', { mode: 'json' }).$type<unknown[]>(),
    error: text('error'),
    /** Who deployed: the API key's name (or "console"). */
    createdBy: text('created_by'),
    createdAt: text('created_at').notNull(),
    finishedAt: text('finished_at'),
  },
  (t) => [index('deployments_project').on(t.projectId, t.createdAt)],
);

/**
 * A `checkly import` plan: the resources chosen for a project, as the read shapes the CLI's code
 * generator takes. Applying reserves pending bindings; committing makes them final.
 */
export const importPlans = sqliteTable(
  'import_plans',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    projectId: text('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** {resources, friends, auxiliary} as the CLI reads it. */
    changes: text('changes', { mode: 'json' }).$type<unknown>().notNull(),
    createdAt: text('created_at').notNull(),
    appliedAt: text('applied_at'),
    committedAt: text('committed_at'),
  },
  (t) => [index('import_plans_project').on(t.projectId, t.createdAt)],
);

/**
 * Code bundles the public CLI uploads before `checkly test` and `deploy` (a tar.gz of the project).
 * Kept bounded: a size limit per bundle and only the newest few per account.
 */
export const codeBundles = sqliteTable(
  'code_bundles',
  {
    key: text('key').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    size: integer('size').notNull(),
    content: blob('content', { mode: 'buffer' }).notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [index('code_bundles_account').on(t.accountId, t.createdAt)],
);

/**
 * A recorded `checkly test` run: its checks are not stored checks, so its results live here as
 * JSON (one entry per check of the run, updated as each finishes) rather than as check sessions.
 */
export const codeTestSessions = sqliteTable(
  'code_test_sessions',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    projectLogicalId: text('project_logical_id'),
    startedAt: integer('started_at').notNull(),
    stoppedAt: integer('stopped_at'),
    results: text('results', { mode: 'json' }).$type<unknown[]>().notNull(),
  },
  (t) => [index('code_test_sessions_account').on(t.accountId, t.startedAt)],
);

/*
 * Team mode's cluster (issue 35, items 4 and 6): one row per server process and a one-row leader
 * lease, both written by the database's clock (epoch ms). SQLite has them only to stay in step
 * with schema-pg.ts: one server is the leader of a one-node cluster and writes neither.
 */
export const clusterNodes = sqliteTable('cluster_nodes', {
  nodeId: text('node_id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  version: text('version').notNull(),
  startedAt: integer('started_at').notNull(),
  heartbeatAt: integer('heartbeat_at').notNull(),
});

/** The leader lease: always the one row with id 1; `term` grows at each takeover. */
export const clusterLease = sqliteTable('cluster_lease', {
  id: integer('id').primaryKey(),
  leaderNodeId: text('leader_node_id'),
  term: integer('term').notNull().default(0),
  acquiredAt: integer('acquired_at').notNull().default(0),
  renewedAt: integer('renewed_at').notNull().default(0),
});
