import { z } from 'zod';
import { addMember, createApiKey, getCurrentUser, getMyAccount, inviteMember, listMembers, removeMember, setPlan, updateMemberRole } from '../../../services/accounts';
import { ApiKeyCreate, MemberCreate, MemberInvite, MemberListQuery, MemberUpdate, PlanUpdate } from '../../../../src-shared/schemas/account';
import { adminProcedure, authedProcedure, router } from '../init';

const ByUser = z.object({ userId: z.string().min(1) });

export const accountsRouter = router({
  me: authedProcedure.query(({ ctx }) => getMyAccount(ctx.service)),
  /** The member holding this key and the key's role (the console hides what the role may not do). */
  whoami: authedProcedure.query(({ ctx }) => getCurrentUser(ctx.actor)),
  members: router({
    list: authedProcedure.input(MemberListQuery).query(({ ctx, input }) => listMembers(ctx.service, input)),
    add: adminProcedure.input(MemberCreate).mutation(({ ctx, input }) => addMember(ctx.actor, input)),
    invite: adminProcedure.input(MemberInvite).mutation(({ ctx, input }) => inviteMember(ctx.actor, input)),
    updateRole: adminProcedure.input(ByUser.extend(MemberUpdate.shape)).mutation(({ ctx, input }) => updateMemberRole(ctx.actor, input.userId, { role: input.role })),
    remove: adminProcedure.input(ByUser).mutation(async ({ ctx, input }) => {
      await removeMember(ctx.actor, input.userId);
      return { userId: input.userId };
    }),
  }),
  createApiKey: adminProcedure.input(ByUser.extend(ApiKeyCreate.shape)).mutation(({ ctx, input }) => createApiKey(ctx.actor, input.userId, { label: input.label })),
  setPlan: adminProcedure.input(PlanUpdate).mutation(({ ctx, input }) => setPlan(ctx.service, input)),
});
