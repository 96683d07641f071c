import { z } from 'zod';
import { CHECK_TYPES } from '../../src-shared/enums';

/**
 * The facts of an alert as `check_alerts.event` stores them (an AlertEvent without the
 * per-notification id), parsed on the way out of the database. Members added later (or kept by
 * another version) are kept as they are: a template may show them. `alertType` is checked against
 * the alert codes by the notifications above (notify/types.ts), which this layer does not know.
 */
export const StoredAlertEvent = z.looseObject({
  alertType: z.string(),
  checkId: z.string(),
  checkName: z.string(),
  checkType: z.enum(CHECK_TYPES),
  checkResultId: z.string().nullable(),
  resultLink: z.string().nullable(),
  runLocation: z.string().nullable(),
  responseTime: z.number().nullable(),
  startedAt: z.string().nullable(),
  errorMessage: z.string().nullable(),
  evidence: z.array(z.object({ label: z.string(), value: z.string() })).optional(),
  tags: z.array(z.string()),
  groupName: z.string().nullable().optional(),
  accountId: z.string(),
  occurredAt: z.string(),
  heldDown: z.object({ count: z.number(), names: z.array(z.string()) }).optional(),
  /** An alert a failing dependency held down (recorded without notifications). */
  suppressedBy: z.object({ checkId: z.string(), checkName: z.string(), text: z.string() }).optional(),
});
export type StoredAlertEvent = z.output<typeof StoredAlertEvent>;
