import { AppError } from '../../core/errors';
import { findAccount } from '../../db/repositories/accounts';
import { DEFAULT_ALERT_SETTINGS } from '../../../src-shared/schemas/check-common';
import type { ServiceContext } from '../context';

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

export function planDisplayName(maxChecks: number | null): string {
  return maxChecks === null ? 'Local (unlimited)' : `Local (${maxChecks} checks)`;
}

export function getMyAccount(ctx: ServiceContext): AccountView {
  const account = findAccount(ctx.db, ctx.accountId);
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
