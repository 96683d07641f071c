// The dashboard's public face: transports import from here only.
export { computeDashboardSummary, type DashboardSummary } from './summary';
export { monitorHealthCounts } from './counts';
