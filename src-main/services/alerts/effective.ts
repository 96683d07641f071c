import type { Db } from '../../db/connection';
import { readAccountAlertSettings } from '../../db/repositories/alerts';
import { subscriptionsOfCheck } from '../../db/repositories/alert-subscriptions';
import { findCheckGroup, subscriptionsOfGroup } from '../../db/repositories/check-groups';
import { findCheck } from '../../db/repositories/checks';
import { FlapDetection, TriggerIncident } from '../../../src-shared/schemas/check-common';
import { effectiveFlapSettings, type FlapSettings } from '../../../src-shared/rules/flapping';
import type { CheckType } from '../../../src-shared/enums';
import { accountAlertSettingsOf, checkSettingsOf, groupSettingsOf, resolveEffectiveCheckSettings, type EffectiveCheckSettings } from '../check-groups';

/** What alerting needs to know about a check, with its group's settings applied. */
export interface AlertingCheck {
  checkId: string;
  accountId: string;
  name: string;
  checkType: CheckType;
  tags: string[];
  groupName: string | null;
  effective: EffectiveCheckSettings;
  triggerIncident: TriggerIncident | null;
  flap: FlapSettings;
}

function flapOverrides(body: Record<string, unknown> | undefined): FlapDetection | null {
  const parsed = FlapDetection.nullable().safeParse(body?.flapDetection ?? null);
  return parsed.success ? parsed.data : null;
}

export async function loadAlertingCheck(db: Db, accountId: string, checkId: string): Promise<AlertingCheck | null> {
  const row = await findCheck(db, accountId, checkId);
  if (!row) return null;
  const subscriptions = (await subscriptionsOfCheck(db, checkId)).map((s) => ({ alertChannelId: s.alertChannelId, activated: s.activated }));
  const check = checkSettingsOf(row.body, { activated: row.activated, muted: row.muted, alertChannelSubscriptions: subscriptions });
  const groupRow = row.groupId === null ? undefined : await findCheckGroup(db, accountId, row.groupId);
  const group = groupRow ? groupSettingsOf(groupRow.body, await subscriptionsOfGroup(db, groupRow.id)) : null;
  const account = accountAlertSettingsOf(await readAccountAlertSettings(db, accountId));
  const trigger = TriggerIncident.safeParse(row.body.triggerIncident);
  return {
    checkId,
    accountId,
    name: row.name,
    checkType: row.checkType as CheckType,
    tags: row.tags,
    groupName: groupRow?.name ?? null,
    effective: resolveEffectiveCheckSettings(check, group, account),
    triggerIncident: trigger.success ? trigger.data : null,
    flap: effectiveFlapSettings(flapOverrides(row.body), flapOverrides(groupRow?.body)),
  };
}
