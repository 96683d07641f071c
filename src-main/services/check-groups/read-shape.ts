import type { CheckGroupRow, GroupSubscription } from '../../db/repositories/check-groups';
import type { CheckGroup, CheckGroupCreate } from '../../../src-shared/schemas/check-group';
import { maskGroupSecrets } from '../secrets';
import { NOT_CODE_MANAGED, type ProjectMembers } from '../project-bindings';

/** The stored group as the create body it was made from, for merging a PUT over it. */
export function storedGroupBody(row: CheckGroupRow, subscriptions: GroupSubscription[]): CheckGroupCreate {
  return { ...row.body, name: row.name, alertChannelSubscriptions: subscriptions };
}

/** The public read shape (spec 2.9): the stored body, the stored subscriptions and the read-only members. */
export function toCheckGroupView(row: CheckGroupRow, subscriptions: GroupSubscription[], members: ProjectMembers = NOT_CODE_MANAGED): CheckGroup {
  // Secrets read as the mask (docs/DECISIONS.md, "Secrets").
  const body = maskGroupSecrets(row.body);
  return {
    id: row.id,
    name: row.name,
    ...body,
    alertChannelSubscriptions: subscriptions.map((s) => ({ alertChannelId: s.alertChannelId, activated: s.activated })),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
    projectBindings: members.projectBindings,
  };
}
