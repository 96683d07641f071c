import { getMyAccount } from '../../../services/accounts/get-me';
import { authedProcedure, router } from '../init';

export const accountsRouter = router({
  me: authedProcedure.query(({ ctx }) => getMyAccount(ctx.service)),
});
