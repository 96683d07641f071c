import { isRunType } from '../../../src-shared/check-types';
import { listAccountSubscriptions } from '../../db/repositories/project-imports';
import { listAlertChannels } from '../alert-channels';
import { listCheckGroupPage } from '../check-groups';
import { listCheckPage } from '../checks';
import { listMaintenanceWindowsPage } from '../maintenance-windows';
import { listPrivateLocationReads } from '../private-locations';
import { listStatusPagePage, listStatusPageServicePage } from '../status-pages';
import type { ServiceContext } from '../context';

/** A resource the account has, in the read shape the CLI's code generator takes. */
export interface Candidate {
  type: string;
  physicalId: string | number;
  payload: Record<string, unknown>;
}

const PAGE = 100;
// Bounds every listing loop: 1,000 pages of 100 is far past any install this serves.
const MAX_PAGES = 1_000;

async function paged<T>(read: (page: number) => Promise<T[]>): Promise<T[]> {
  const all: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const items = await read(page);
    all.push(...items);
    if (items.length < PAGE) break;
  }
  return all;
}

async function cursored<T>(read: (nextId: string | undefined) => Promise<{ entries: T[]; nextId: string | null }>): Promise<T[]> {
  const all: T[] = [];
  let nextId: string | undefined;
  for (let i = 0; i < MAX_PAGES; i++) {
    const page = await read(nextId);
    all.push(...page.entries);
    if (!page.nextId) break;
    nextId = page.nextId;
  }
  return all;
}

const slugsOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);


const asRecord = (value: object): Record<string, unknown> => ({ ...value });

/**
 * The CLI's code generator writes `alertEscalationPolicy` whenever the payload has alertSettings,
 * and the construct then deploys useGlobalAlertSettings: false. A check or group that follows the
 * account's settings is planned without its own, so the generated code keeps following them.
 */
function withAlertSettingsAsCode(value: object): Record<string, unknown> {
  const record = asRecord(value);
  if (record.useGlobalAlertSettings === true) delete record.alertSettings;
  return record;
}

/**
 * The retry a check's `doubleCheck` stands for, as the strategy the CLI's code generator can write.
 * The generator never writes `doubleCheck` (constructs/check-codegen.js, buildCheckProps) and always
 * writes `retryStrategy`: for none, `RetryStrategyBuilder.noRetries()`, which a MultiStepCheck deploys
 * as doubleCheck false; an IcmpMonitor or TracerouteMonitor deploys doubleCheck false whatever its
 * code says (constructs/monitor.js). Sightline's doubleCheck without a strategy retries once, at once,
 * from another location: the nearest strategy the generator writes is one retry after 1 s from
 * another location (it leaves out a backoff of 0, and the builder's default is 60 s).
 */
export const DOUBLE_CHECK_AS_STRATEGY = { type: 'SINGLE_RETRY', baseBackoffSeconds: 1, sameRegion: false } as const;

function withRetryAsCode(record: Record<string, unknown>): Record<string, unknown> {
  if (record.doubleCheck === true && (record.retryStrategy === null || record.retryStrategy === undefined)) return { ...record, retryStrategy: { ...DOUBLE_CHECK_AS_STRATEGY } };
  return record;
}

/**
 * Every importable resource of the account, and the subscriptions and private-location assignments
 * that hang off checks and groups as resources of their own (the CLI registers them before it
 * writes the checks and groups that use them).
 */
export async function collectCandidates(ctx: ServiceContext): Promise<Candidate[]> {
  const out: Candidate[] = [];
  const locations = await listPrivateLocationReads(ctx);
  const locationIdBySlug = new Map(locations.map((l) => [l.slugName, l.id]));
  for (const location of locations) out.push({ type: 'private-location', physicalId: location.id, payload: asRecord(location) });

  for (const channel of await paged(async (page) => (await listAlertChannels(ctx, { page, limit: PAGE })).items)) {
    out.push({ type: 'alert-channel', physicalId: channel.id, payload: asRecord(channel) });
  }

  const groups = await paged(async (page) => (await listCheckGroupPage(ctx, { page, limit: PAGE })).items);
  for (const group of groups) {
    out.push({ type: 'check-group', physicalId: group.id, payload: withAlertSettingsAsCode(group) });
    for (const slug of group.privateLocations ?? []) {
      const privateLocationId = locationIdBySlug.get(slug);
      if (privateLocationId) out.push({ type: 'private-location-group-assignment', physicalId: `${group.id}#${privateLocationId}`, payload: { privateLocationId, groupId: group.id } });
    }
  }

  const checks = await paged(async (page) => (await listCheckPage(ctx, { page, limit: PAGE, applyGroupSettings: false })).items);
  for (const check of checks) {
    // Check types Sightline runs: the only ones a later deploy would accept.
    if (!isRunType(check.checkType)) continue;
    out.push({ type: 'check', physicalId: check.id, payload: withRetryAsCode(withAlertSettingsAsCode(check)) });
    for (const slug of slugsOf(check.privateLocations)) {
      const privateLocationId = locationIdBySlug.get(slug);
      if (privateLocationId) out.push({ type: 'private-location-check-assignment', physicalId: `${check.id}#${privateLocationId}`, payload: { privateLocationId, checkId: check.id } });
    }
  }

  // Only the subscriptions of checks listed above: one of a check type Sightline does not run stays out.
  const listed = new Set(out.map((c) => `${c.type}:${c.physicalId}`));
  for (const sub of await listAccountSubscriptions(ctx.db, ctx.accountId)) {
    if (!listed.has(sub.checkId !== null ? `check:${sub.checkId}` : `check-group:${sub.groupId}`)) continue;
    const owner = sub.checkId !== null ? { checkId: sub.checkId } : { groupId: sub.groupId };
    // The code generator tells a check's subscription from a group's by which key is present.
    out.push({ type: 'alert-channel-subscription', physicalId: sub.id, payload: { id: sub.id, alertChannelId: sub.alertChannelId, ...owner, activated: sub.activated } });
  }

  for (const window of (await listMaintenanceWindowsPage(ctx)).windows) {
    out.push({ type: 'maintenance-window', physicalId: window.id, payload: asRecord(window) });
  }
  for (const service of await cursored(async (nextId) => await listStatusPageServicePage(ctx, { limit: PAGE, nextId, paginated: true }))) {
    out.push({ type: 'status-page-service', physicalId: service.id, payload: asRecord(service) });
  }
  for (const page of await cursored(async (nextId) => await listStatusPagePage(ctx, { limit: PAGE, nextId }))) {
    out.push({ type: 'status-page', physicalId: page.id, payload: asRecord(page) });
  }
  return out;
}
