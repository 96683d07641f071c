import type { CheckRow } from '../../db/repositories/checks';
import type { AlertChannelSubscription, CheckReadOnly } from '../../../src-shared/schemas/check-common';
import { maskEnvironment } from '../../../src-shared/rules/secrets';

export type CheckView = Record<string, unknown> & CheckReadOnly & { checkType: string; name: string };

const NO_CHANNELS: CheckReadOnly['alertChannels'] = { email: [], webhook: [], slack: [], sms: [] };

/** frequency 0 without an offset runs every 10 s; the stored body keeps the offset as given so a later frequency change drops it. */
function effectiveFrequencyOffset(body: Record<string, unknown>): number | null {
  if (typeof body.frequencyOffset === 'number') return body.frequencyOffset;
  return body.frequency === 0 ? 10 : null;
}

/** The public read shape: the stored body plus the read-only members of spec 2.1; secret values read as the mask. */
export function toCheckView(
  row: CheckRow,
  alertChannels: CheckReadOnly['alertChannels'] = NO_CHANNELS,
  subscriptions: AlertChannelSubscription[] = [],
): CheckView {
  return {
    id: row.id,
    name: row.name,
    checkType: row.checkType,
    ...row.body,
    frequencyOffset: effectiveFrequencyOffset(row.body),
    environmentVariables: maskEnvironment(row.body.environmentVariables),
    alertChannelSubscriptions: subscriptions,
    activated: row.activated,
    muted: row.muted,
    groupId: row.groupId,
    tags: row.tags,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    alertChannels,
    project: null,
    logicalId: null,
    member: null,
    pending: null,
    projectBindings: { owner: null, references: [] },
  };
}
