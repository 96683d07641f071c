import { z } from 'zod';
import { dependencyStatusOf, effectiveAlertingOf, getAccountAlertSettings, setAccountAlertSettings } from '../../../services/alerts';
import { getNamedAlertNotification, listNamedAlertNotifications, sendTestNotification } from '../../../services/notifications';
import { getDeliverySettings, setDeliverySettings } from '../../../services/settings';
import { webhookTemplateVariables } from '../../../services/alert-channels';
import { AlertNotificationQuery } from '../../../../src-shared/schemas/alert-notification';
import { AlertSettings } from '../../../../src-shared/schemas/check-common';
import { DeliverySettingsUpdate } from '../../../../src-shared/schemas/delivery-settings';
import { adminProcedure, authedProcedure, router } from '../init';

/** Alerting for the console: the notification log, test notifications, account alert settings, delivery settings. */
export const alertsRouter = router({
  listNotifications: authedProcedure.input(AlertNotificationQuery).query(({ ctx, input }) => listNamedAlertNotifications(ctx.service, input)),
  getNotification: authedProcedure.input(z.object({ id: z.string().min(1) })).query(({ ctx, input }) => getNamedAlertNotification(ctx.service, input.id)),
  sendTestNotification: authedProcedure
    .input(z.object({ alertChannelId: z.number().int().positive() }))
    .mutation(({ ctx, input }) => sendTestNotification(ctx.service, input.alertChannelId)),
  getAccountAlertSettings: authedProcedure.query(({ ctx }) => getAccountAlertSettings(ctx.service)),
  setAccountAlertSettings: authedProcedure.input(AlertSettings).mutation(({ ctx, input }) => setAccountAlertSettings(ctx.service, input)),
  getDeliverySettings: authedProcedure.query(({ ctx }) => getDeliverySettings(ctx.service)),
  setDeliverySettings: adminProcedure.input(DeliverySettingsUpdate).mutation(({ ctx, input }) => setDeliverySettings(ctx.service, input)),
  /** How a monitor's dependencies shape its alerting now (the monitor page). */
  dependencyStatus: authedProcedure.input(z.object({ checkId: z.string().min(1) })).query(({ ctx, input }) => dependencyStatusOf(ctx.service, input.checkId)),
  /** The alert settings, channels and retry a monitor runs with, each with where it comes from (check, group, account). */
  effectiveForCheck: authedProcedure
    .input(z.object({ checkId: z.string().min(1).optional(), groupId: z.number().int().positive().nullable().optional() }))
    .query(({ ctx, input }) => effectiveAlertingOf(ctx.service, input)),
  /** The `{{NAME}}` variables a webhook may use, for the console's help popover. */
  templateVariables: authedProcedure.query(() => webhookTemplateVariables()),
});
