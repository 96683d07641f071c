// The dashboard's public face: transports import from here only.
export { dashboardSummary, watchDashboard } from './feed';
export { monitorHealthCounts } from './counts';
