import { router } from './init';
import { accountsRouter } from './routers/accounts';
import { alertChannelsRouter } from './routers/alert-channels';
import { alertsRouter } from './routers/alerts';
import { checkGroupsRouter } from './routers/check-groups';
import { checkResultsRouter } from './routers/check-results';
import { checkSessionsRouter } from './routers/check-sessions';
import { checksRouter } from './routers/checks';
import { consoleRouter } from './routers/console';
import { dashboardRouter } from './routers/dashboard';
import { monitorStatsRouter } from './routers/monitor-stats';
import { statusPagesRouter } from './routers/status-pages';
import { testSessionsRouter } from './routers/test-sessions';
import { privateLocationsRouter } from './routers/private-locations';
import { agentRouter } from './routers/agent';
import { variablesRouter } from './routers/variables';
import { maintenanceWindowsRouter } from './routers/maintenance-windows';
import { projectsRouter } from './routers/projects';

export const appRouter = router({
  accounts: accountsRouter,
  alertChannels: alertChannelsRouter,
  alerts: alertsRouter,
  checkGroups: checkGroupsRouter,
  checkResults: checkResultsRouter,
  checkSessions: checkSessionsRouter,
  checks: checksRouter,
  console: consoleRouter,
  statusPages: statusPagesRouter,
  testSessions: testSessionsRouter,
  privateLocations: privateLocationsRouter,
  agent: agentRouter,
  variables: variablesRouter,
  dashboard: dashboardRouter,
  monitorStats: monitorStatsRouter,
  maintenanceWindows: maintenanceWindowsRouter,
  projects: projectsRouter,
});

export type AppRouter = typeof appRouter;
