import { channelSubscriptionsOfChecks, type CheckChannelSubscription } from '../../db/repositories/alert-subscriptions';
import type { CheckRow } from '../../db/repositories/checks';
import type { Db } from '../../db/connection';
import { summariseAlertChannels } from './alert-channel-summary';
import { toCheckView, type CheckView } from './read-shape';
import { NOT_CODE_MANAGED, projectMembersOf } from '../project-bindings';

/** Read shapes of a page of checks with their subscriptions and project bindings, one query each. */
/** `baseUrl`: the server's public address, which a heartbeat's ping URL is on. */
export async function checkViews(deps: { db: Db; runtime: { baseUrl: string } }, rows: readonly CheckRow[]): Promise<CheckView[]> {
  const { db } = deps;
  const byCheck = new Map<string, CheckChannelSubscription[]>();
  for (const subscription of await channelSubscriptionsOfChecks(db, rows.map((row) => row.id))) {
    const list = byCheck.get(subscription.checkId) ?? [];
    list.push(subscription);
    byCheck.set(subscription.checkId, list);
  }
  const members = rows.length === 0 ? new Map() : await projectMembersOf(db, rows[0].accountId, 'check', rows.map((row) => row.id));
  return rows.map((row) => {
    const subscriptions = byCheck.get(row.id) ?? [];
    return toCheckView(
      row,
      summariseAlertChannels(subscriptions),
      subscriptions.map(({ alertChannelId, activated }) => ({ alertChannelId, activated })),
      members.get(row.id) ?? NOT_CODE_MANAGED,
      deps.runtime.baseUrl,
    );
  });
}

export async function checkView(deps: { db: Db; runtime: { baseUrl: string } }, row: CheckRow): Promise<CheckView> {
  return (await checkViews(deps, [row]))[0] ?? toCheckView(row);
}
