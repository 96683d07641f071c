import { router } from './init';
import { accountsRouter } from './routers/accounts';
import { checksRouter } from './routers/checks';

export const appRouter = router({
  accounts: accountsRouter,
  checks: checksRouter,
});

export type AppRouter = typeof appRouter;
