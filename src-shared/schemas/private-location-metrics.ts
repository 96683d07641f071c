import { z } from 'zod';

const UnixSeconds = (name: string) => z.coerce.number({ message: `${name} must be a UNIX timestamp in seconds` }).int().min(0);

/** `from` and `to` are UNIX seconds (the public API's description; its schema says "date"). */
export const PrivateLocationMetricsQuery = z.object({
  from: UnixSeconds('from'),
  to: UnixSeconds('to'),
});
export type PrivateLocationMetricsQuery = z.infer<typeof PrivateLocationMetricsQuery>;

/** Parallel arrays: one sample per timestamp; oldestScheduledCheckRun in seconds. */
export const PrivateLocationMetrics = z.object({
  timestamps: z.array(z.string()),
  queueSize: z.array(z.number()),
  oldestScheduledCheckRun: z.array(z.number()),
});
export type PrivateLocationMetrics = z.infer<typeof PrivateLocationMetrics>;
