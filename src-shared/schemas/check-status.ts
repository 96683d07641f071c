import { z } from 'zod';

/** The latest state of one check (GET /v1/check-statuses), member names as in the public API. */
export const CheckStatus = z.object({
  name: z.string(),
  checkId: z.string(),
  hasFailures: z.boolean(),
  hasErrors: z.boolean(),
  isDegraded: z.boolean(),
  longestRun: z.number().nullable(),
  shortestRun: z.number().nullable(),
  lastRunLocation: z.string().nullable(),
  lastCheckRunId: z.string().nullable(),
  sslDaysRemaining: z.number().nullable(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
});
export type CheckStatus = z.infer<typeof CheckStatus>;
