// Alerting's public face: its tRPC router and boot import from here only.
export { getAccountAlertSettings, setAccountAlertSettings } from './account-settings';
export { HELD_SWEEP_INTERVAL_MS, releaseHeldAlerts } from './held-alerts';
export { catchUpAlertingInSlices, judgeCheck, type JudgedSession } from './judge-pending';
export { judgeClearPassAtWrite } from './record-run';
export { dependencyStatusOf, type DependencyStatusView } from './dependency-status';
export { effectiveAlertingOf, type EffectiveAlerting, type EffectiveChannel } from './effective-view';
