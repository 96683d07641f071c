import { z } from 'zod';

/**
 * A check's stored alert state (`check_alert_states.state`): the escalation state machine of
 * src-shared/rules/alerting.ts, its flap history, and the alert held for a dependency's verdict.
 * Parsed on the way out of the database (repositories/alerts.ts) so judging never runs on a value
 * of the wrong shape; the types the judging code relies on are checked.
 */
const nullableTime = z.number().nullable();

const FlapSchema = z
  .object({
    history: z.string(),
    flapping: z.boolean(),
    since: nullableTime,
    keep: z.number().int().nonnegative().optional(),
  });

const HeldSchema = z
  .object({
    checkSessionId: z.string(),
    alert: z.string(),
    result: z.unknown(),
    at: z.number(),
    since: z.number(),
  });

export const StoredAlertStateSchema = z
  .object({
    alerted: z.enum(['NONE', 'FAILURE', 'DEGRADED']),
    failedRuns: z.number().int().nonnegative(),
    failingSince: nullableTime,
    degradedRuns: z.number().int().nonnegative(),
    degradedSince: nullableTime,
    remindersSent: z.number().int().nonnegative(),
    lastAlertAt: nullableTime,
    flap: FlapSchema.optional(),
    // Absent when no alert waits (a released or dropped hold is written without it).
    held: HeldSchema.nullish(),
  });

export type StoredAlertState = z.output<typeof StoredAlertStateSchema>;
