// Retention's public face: the hour windows and run classes that the statistics and the retention engine share.
export { classifyRun, hourStats, percentile, type HourStats, type RunClass } from './hour-stats';
export {
  ceilHour,
  cutoffsAt,
  floorHour,
  HOUR_MS,
  RECOMPUTE_HOURS,
  retentionOptions,
  ROLLUP_GRACE_MS,
  UNFINISHED_SESSION_GRACE_MS,
  type Cutoffs,
  type RetentionOptions,
} from './options';
