import { router } from './init';
import { accountsRouter } from './routers/accounts';
import { alertChannelsRouter } from './routers/alert-channels';
import { checkGroupsRouter } from './routers/check-groups';
import { checkResultsRouter } from './routers/check-results';
import { checkSessionsRouter } from './routers/check-sessions';
import { checksRouter } from './routers/checks';
import { statusPagesRouter } from './routers/status-pages';

export const appRouter = router({
  accounts: accountsRouter,
  alertChannels: alertChannelsRouter,
  checkGroups: checkGroupsRouter,
  checkResults: checkResultsRouter,
  checkSessions: checkSessionsRouter,
  checks: checksRouter,
  statusPages: statusPagesRouter,
});

export type AppRouter = typeof appRouter;
