import type { CheckRow } from '../../db/repositories/checks';
import { frequencyOffsetRange, type AlertChannelSubscription, type CheckReadOnly } from '../../../src-shared/schemas/check-common';
import { stableHash } from '../../../src-shared/rules/schedule';
import { maskEnvironment } from '../../../src-shared/rules/secrets';
import { NOT_CODE_MANAGED, type ProjectMembers } from '../project-bindings';
import { pingUrlOf } from '../heartbeats';

export type CheckView = Record<string, unknown> & CheckReadOnly & { checkType: string; name: string };

const NO_CHANNELS: CheckReadOnly['alertChannels'] = { email: [], webhook: [], slack: [], sms: [] };

/**
 * The public schema's frequencyOffset is an integer ≥ 1, never null. Stored as given (so a later
 * frequency change drops it); without one, frequency 0 shows 10 (its cadence) and other frequencies
 * a legal offset derived from the check's id, so GET→PUT round trips keep checks spread.
 */
function effectiveFrequencyOffset(id: string, body: Record<string, unknown>): number {
  if (typeof body.frequencyOffset === 'number') return body.frequencyOffset;
  const frequency = typeof body.frequency === 'number' ? body.frequency : 10;
  if (frequency === 0) return 10;
  return 1 + (stableHash(id) % frequencyOffsetRange(frequency).max);
}

/** The public read shape: the stored body plus the read-only members of spec 2.1; secret values read as the mask. */
export function toCheckView(
  row: CheckRow,
  alertChannels: CheckReadOnly['alertChannels'] = NO_CHANNELS,
  subscriptions: AlertChannelSubscription[] = [],
  members: ProjectMembers = NOT_CODE_MANAGED,
  baseUrl = '',
): CheckView {
  const heartbeat = row.checkType === 'HEARTBEAT' ? heartbeatRead(row.body.heartbeat, baseUrl) : undefined;
  return {
    id: row.id,
    name: row.name,
    checkType: row.checkType,
    ...row.body,
    frequencyOffset: effectiveFrequencyOffset(row.id, row.body),
    environmentVariables: maskEnvironment(row.body.environmentVariables),
    alertChannelSubscriptions: subscriptions,
    activated: row.activated,
    muted: row.muted,
    groupId: row.groupId,
    tags: row.tags,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    alertChannels,
    ...members,
    ...(heartbeat ? { heartbeat } : {}),
  };
}

/** A heartbeat's members as read: its token and the ping URL on the server's public address. */
function heartbeatRead(stored: unknown, baseUrl: string): Record<string, unknown> | undefined {
  if (typeof stored !== 'object' || stored === null) return undefined;
  const heartbeat = stored as Record<string, unknown>;
  const token = typeof heartbeat.pingToken === 'string' ? heartbeat.pingToken : null;
  return { ...heartbeat, pingToken: token, pingUrl: token && baseUrl ? pingUrlOf(baseUrl, token) : null };
}
