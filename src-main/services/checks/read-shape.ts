import type { CheckRow } from '../../db/repositories/checks';
import type { CheckReadOnly } from '../../../src-shared/schemas/check-common';

export type CheckView = Record<string, unknown> & CheckReadOnly & { checkType: string; name: string };

const NO_CHANNELS: CheckReadOnly['alertChannels'] = { email: [], webhook: [], slack: [], sms: [] };

/** The public read shape: the stored body plus the read-only members of spec 2.1. */
export function toCheckView(row: CheckRow, alertChannels: CheckReadOnly['alertChannels'] = NO_CHANNELS): CheckView {
  return {
    id: row.id,
    name: row.name,
    checkType: row.checkType,
    ...row.body,
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
