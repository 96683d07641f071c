import { z } from 'zod';
import { BATCH_QUICK_RANGES, QUICK_RANGES } from '../rules/quick-range';

export const BatchAnalyticsQuery = z.object({
  quickRange: z.enum(BATCH_QUICK_RANGES).default('last24Hours'),
});
export type BatchAnalyticsQuery = z.infer<typeof BatchAnalyticsQuery>;

export const BatchAnalyticsBody = z.object({
  checkIds: z.array(z.string().min(1).max(100)).min(1).max(100),
});
export type BatchAnalyticsBody = z.infer<typeof BatchAnalyticsBody>;

const metric = z.number().nullable();

/** One check's statistics for `checks stats` (the public CLI's `BatchAnalyticsResult`); times in ms, percentages 0..100. */
export const BatchAnalyticsResult = z.object({
  checkId: z.string(),
  checkType: z.string(),
  availability: metric,
  responseTime_avg: metric,
  responseTime_p50: metric,
  responseTime_p95: metric,
  responseTime_p99: metric,
  latency_avg: metric,
  latency_p50: metric,
  latency_p95: metric,
  latency_p99: metric,
  packetLoss_avg: metric,
  packetLoss_p95: metric,
  packetLoss_p99: metric,
  hopCount_avg: metric,
});
export type BatchAnalyticsResult = z.infer<typeof BatchAnalyticsResult>;

/** The public API's path segment per check type under `/v1/analytics/{segment}/{checkId}`. */
export const ANALYTICS_SEGMENTS = {
  'api-checks': 'API',
  'browser-checks': 'BROWSER',
  'playwright-checks': 'PLAYWRIGHT',
  'multistep-checks': 'MULTI_STEP',
  'heartbeat-checks': 'HEARTBEAT',
  'tcp-checks': 'TCP',
  icmp: 'ICMP',
  dns: 'DNS',
  'url-monitors': 'URL',
  'agentic-checks': 'AGENTIC',
  'grpc-checks': 'GRPC',
  ssl: 'SSL',
  traceroute: 'TRACEROUTE',
} as const;

export const CheckAnalyticsQuery = z.object({
  quickRange: z.enum(QUICK_RANGES).default('last24Hours'),
  /** Comma-separated metric names; the type's defaults when absent. */
  metrics: z.string().min(1).optional(),
  groupBy: z.enum(['runLocation', 'statusCode']).optional(),
  filterByStatus: z.enum(['success', 'failure']).optional(),
});
export type CheckAnalyticsQuery = z.infer<typeof CheckAnalyticsQuery>;

export const CheckAnalytics = z.object({
  checkId: z.string(),
  name: z.string(),
  checkType: z.string(),
  activated: z.boolean(),
  muted: z.boolean(),
  frequency: z.number().nullable(),
  from: z.string(),
  to: z.string(),
  tags: z.array(z.string()),
  series: z.array(z.object({ data: z.record(z.string(), z.number().nullable()), runLocation: z.string().optional(), statusCode: z.number().nullable().optional() })),
  metadata: z.record(z.string(), z.object({ label: z.string(), unit: z.string() })),
});
export type CheckAnalytics = z.infer<typeof CheckAnalytics>;
