// The accounts' public face: transports, boot and other services import from here only.
export { applyConfiguredPlan, getEntitlements, getMyAccount, setPlan } from './account';
export type { ActorContext } from './actor';
export { createApiKey } from './api-keys';
export { bootstrapAccount } from './bootstrap';
export { listMembers } from './list-members';
export { addMember, getCurrentUser, inviteMember, removeMember, updateMemberRole } from './members';
