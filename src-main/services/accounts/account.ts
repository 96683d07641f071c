import { AppError } from '../../core/errors';
import { findAccount, updateAccount } from '../../db/repositories/accounts';
import { LOCATIONS } from '../../../src-shared/enums';
import { PlanUpdate } from '../../../src-shared/schemas/account';
import { DEFAULT_ALERT_SETTINGS } from '../../../src-shared/schemas/check-common';
import type { AccountEntitlements } from '../../../src-shared/schemas/platform';
import type { ServiceContext, ServiceDeps } from '../context';
import { listPublicLocations } from '../locations';
import { parseOrThrow } from '../validation';

export interface AccountView {
  id: string;
  name: string;
  runtimeId: string;
  plan: string;
  planDisplayName: string;
  maxChecks: number | null;
  settings: Record<string, unknown>;
  alertSettings: Record<string, unknown>;
  features: string[];
  created_at: string;
}

function planDisplayName(maxChecks: number | null): string {
  return maxChecks === null ? 'Local (unlimited)' : `Local (${maxChecks} checks)`;
}

export async function getMyAccount(ctx: ServiceContext): Promise<AccountView> {
  const account = await findAccount(ctx.db, ctx.accountId);
  if (!account) throw AppError.notFound();
  return {
    id: account.id,
    name: account.name,
    runtimeId: '2026.04',
    plan: 'local',
    planDisplayName: planDisplayName(account.maxChecks),
    maxChecks: account.maxChecks,
    settings: {},
    alertSettings: (account.alertSettings as Record<string, unknown> | null) ?? { ...DEFAULT_ALERT_SETTINGS },
    features: [],
    created_at: account.createdAt,
  };
}

/**
 * Sets the plan's maximum number of checks (null = unlimited). Lowering it below the number of
 * existing checks deletes nothing: only further creates answer 402.
 */
export async function setPlan(ctx: ServiceContext, body: PlanUpdate): Promise<AccountView> {
  if (!await findAccount(ctx.db, ctx.accountId)) throw AppError.notFound();
  await updateAccount(ctx.db, ctx.accountId, { maxChecks: body.maxChecks });
  return await getMyAccount(ctx);
}

/** The plan limit given at start (--max-checks / SIGHTLINE_MAX_CHECKS); undefined keeps the stored one. */
export async function applyConfiguredPlan(deps: ServiceDeps, accountId: string, maxChecks: number | null | undefined): Promise<void> {
  if (maxChecks === undefined) return;
  // The value comes from the start options, not through a transport: checked here.
  await setPlan({ ...deps, accountId }, parseOrThrow(PlanUpdate, { maxChecks }));
}

type Entitlement = AccountEntitlements['entitlements'][number];

const flag = (key: string, name: string, description: string, enabled: boolean): Entitlement => ({ key, name, description, type: 'flag', enabled });

/**
 * The local plan as the public API's entitlements describe a plan: the check limit (PUT
 * /v1/accounts/me/plan) is the one metered entitlement; the check types and features Sightline runs
 * are enabled flags; the public API's types it does not run are disabled with no upgrade path.
 */
export async function getEntitlements(ctx: ServiceContext): Promise<AccountEntitlements> {
  const account = await findAccount(ctx.db, ctx.accountId);
  if (!account) throw AppError.notFound();
  const checks: Entitlement = {
    key: 'CHECKS',
    name: 'Checks',
    description: account.maxChecks === null ? 'Checks of any type: unlimited on this plan' : 'Checks of any type this account may have (PUT /v1/accounts/me/plan)',
    type: 'metered',
    enabled: true,
    ...(account.maxChecks === null ? {} : { quantity: account.maxChecks }),
  };
  return {
    plan: 'local',
    planDisplayName: planDisplayName(account.maxChecks),
    addons: {},
    locations: { all: listPublicLocations().map((l) => ({ id: l.region, name: l.name, available: true })), maxPerCheck: LOCATIONS.length },
    entitlements: [
      checks,
      flag('MULTISTEP_CHECKS', 'Multistep checks', 'Playwright API flows run on this machine or its agents', true),
      flag('ICMP_CHECKS', 'ICMP monitors', 'Ping monitors (fping, or the system ping)', true),
      flag('TRACEROUTE_CHECKS', 'Traceroute monitors', 'Traceroute monitors (mtr)', true),
      flag('PRIVATE_LOCATIONS', 'Private locations', 'Agents that run checks from other networks (sightline agent)', true),
      flag('ENVIRONMENT_VARIABLES', 'Environment variables', 'Account, group and check variables; secrets are write-only', true),
      flag('STATUS_PAGES', 'Status pages', 'Status pages with incidents', true),
      flag('API_CHECKS', 'API checks', 'Not run by Sightline: use a multistep check', false),
      flag('BROWSER_CHECKS', 'Browser checks', 'Not run by Sightline: no browser runtime', false),
      flag('HEARTBEAT_CHECKS', 'Heartbeat monitors', 'Judged by the server from pings to their URL (no agent runs them)', true),
      flag('TCP_CHECKS', 'TCP monitors', 'Not run by Sightline', false),
    ],
  };
}
