import type { Db } from '../../db/connection';
import type { AlertChannelRow, StoredChannelBody } from '../../db/repositories/alert-channels';
import { subscriptionsOfChannels, type AlertSubscriptionRow } from '../../db/repositories/alert-subscriptions';
import type { AlertChannelRead, AlertChannelSubscriptionRead } from '../../../src-shared/schemas/alert-channel';
import { redactChannelConfig } from '../../../src-shared/rules/secrets';
import { NOT_CODE_MANAGED, projectMembersOf, type ProjectMembers } from '../project-bindings';

export type { StoredChannelBody } from '../../db/repositories/alert-channels';

/** The stored body, parsed by the repository for the channel's type (db/repositories/alert-channels.ts). */
export function storedBodyOf(row: AlertChannelRow): StoredChannelBody {
  return row.body;
}

export function toSubscriptionView(row: AlertSubscriptionRow): AlertChannelSubscriptionRead {
  return { id: row.id, checkId: row.checkId, groupId: row.groupId, activated: row.activated };
}

/** The read shape: credentials never leave the server (redactChannelConfig). */
export function toAlertChannelView(row: AlertChannelRow, subscriptions: AlertSubscriptionRow[], members: ProjectMembers = NOT_CODE_MANAGED): AlertChannelRead {
  const body = storedBodyOf(row);
  return {
    id: row.id,
    type: row.type,
    config: redactChannelConfig(row.type, body.config),
    subscriptions: subscriptions.map(toSubscriptionView),
    sendRecovery: body.sendRecovery,
    sendFailure: body.sendFailure,
    sendDegraded: body.sendDegraded,
    sslExpiry: body.sslExpiry,
    sslExpiryThreshold: body.sslExpiryThreshold,
    autoSubscribe: row.autoSubscribe,
    sendSystemNotices: body.sendSystemNotices ?? true,
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    projectBindings: members.projectBindings,
  };
}

/** Read shapes of several channels with one subscription query. */
export async function toAlertChannelViews(db: Db, rows: AlertChannelRow[]): Promise<AlertChannelRead[]> {
  const subscriptions = await subscriptionsOfChannels(db, rows.map((row) => row.id));
  const members = rows.length === 0 ? new Map<string, ProjectMembers>() : await projectMembersOf(db, rows[0].accountId, 'alert-channel', rows.map((row) => row.id));
  return rows.map((row) => toAlertChannelView(row, subscriptions.filter((s) => s.alertChannelId === row.id), members.get(String(row.id))));
}
