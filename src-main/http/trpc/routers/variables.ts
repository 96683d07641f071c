import { z } from 'zod';
import { createAccountVariable, deleteAccountVariable, getAccountVariable, listAccountVariablesPage, updateAccountVariable } from '../../../services/account-variables';
import { AccountVariableCreate, AccountVariableParams, AccountVariableUpdate } from '../../../../src-shared/schemas/account-variable';
import { authedProcedure, router } from '../init';

/** Account-level environment variables (the REST /v1/variables): queries read, mutations need READ_WRITE. */
export const variablesRouter = router({
  list: authedProcedure.query(async ({ ctx }) => (await listAccountVariablesPage(ctx.service)).variables),
  get: authedProcedure.input(AccountVariableParams).query(({ ctx, input }) => getAccountVariable(ctx.service, input.key)),
  create: authedProcedure.input(AccountVariableCreate).mutation(({ ctx, input }) => createAccountVariable(ctx.service, input)),
  update: authedProcedure
    .input(z.object({ key: AccountVariableParams.shape.key, patch: AccountVariableUpdate }))
    .mutation(({ ctx, input }) => updateAccountVariable(ctx.service, input.key, input.patch)),
  delete: authedProcedure.input(AccountVariableParams).mutation(async ({ ctx, input }) => {
    await deleteAccountVariable(ctx.service, input.key);
    return { key: input.key };
  }),
});
