// Alerting's public face: its tRPC router and boot import from here only.
export { getAccountAlertSettings, setAccountAlertSettings } from './account-settings';
export { startAlerting, type Alerting } from './start';
export { dependencyStatusOf, type DependencyStatusView } from './dependency-status';
