import { z } from 'zod';

export const ROLES = ['OWNER', 'ADMIN', 'READ_WRITE', 'READ_RUN', 'READ_ONLY'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

/** Roles a member can be given by an update or an invite: the public API never hands out OWNER that way. */
export const AssignableRole = z.enum(['ADMIN', 'READ_WRITE', 'READ_RUN', 'READ_ONLY'], {
  error: 'must be one of ADMIN, READ_WRITE, READ_RUN, READ_ONLY (OWNER is not supported here)',
});
export type AssignableRole = z.infer<typeof AssignableRole>;

const Email = z.email({ error: 'must be an email address' }).max(254);
const MemberName = z.string().trim().min(1).max(255);

/** Adds an active member and gives it a first API key. */
export const MemberCreate = z.object({
  name: MemberName,
  email: Email,
  role: Role,
  /** Label of the member's first API key. */
  keyLabel: z.string().trim().min(1).max(255).optional(),
});
export type MemberCreate = z.infer<typeof MemberCreate>;

/** Invites someone: a pending member without keys. */
export const MemberInvite = z.object({
  email: Email,
  role: AssignableRole,
  name: MemberName.optional(),
});
export type MemberInvite = z.infer<typeof MemberInvite>;

export const MemberUpdate = z.strictObject({ role: AssignableRole });
export type MemberUpdate = z.infer<typeof MemberUpdate>;

export const ApiKeyCreate = z.object({ label: z.string().trim().min(1).max(255).optional() });
export type ApiKeyCreate = z.infer<typeof ApiKeyCreate>;

export const PlanUpdate = z.object({
  /** null = unlimited. */
  maxChecks: z.int().min(0).nullable(),
});
export type PlanUpdate = z.infer<typeof PlanUpdate>;

export const MemberListQuery = z.object({
  search: z.string().max(255).optional(),
  type: z.enum(['member', 'invite']).optional(),
  role: Role.optional(),
  status: z.enum(['ACTIVE', 'PENDING', 'EXPIRED']).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  nextId: z.string().min(1).optional(),
});
export type MemberListQuery = z.infer<typeof MemberListQuery>;

export const AccountMember = z.object({
  type: z.literal('member'),
  accountId: z.string(),
  userId: z.string(),
  name: z.string().nullable(),
  email: z.string(),
  role: Role,
  status: z.literal('ACTIVE'),
  createdAt: z.string(),
  updatedAt: z.string(),
  isSupportMembership: z.boolean(),
  ssoEnabled: z.boolean(),
  mfaEnabled: z.boolean(),
});
export type AccountMember = z.infer<typeof AccountMember>;

export const AccountInvite = z.object({
  type: z.literal('invite'),
  id: z.string(),
  accountId: z.string(),
  email: z.string(),
  role: Role,
  status: z.enum(['PENDING', 'EXPIRED']),
  inviterEmail: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string(),
});
export type AccountInvite = z.infer<typeof AccountInvite>;

export const AccountMembersListItem = z.discriminatedUnion('type', [AccountMember, AccountInvite]);
export type AccountMembersListItem = z.infer<typeof AccountMembersListItem>;

export const AccountMembersList = z.object({
  members: z.array(AccountMembersListItem),
  /** Items in this page, not the total. */
  length: z.int().min(0),
  nextId: z.string().nullable(),
});
export type AccountMembersList = z.infer<typeof AccountMembersList>;

/** An API key as shown once, right after it was made; only its hash is stored. */
export const CreatedApiKey = z.object({
  id: z.string(),
  memberId: z.string(),
  label: z.string(),
  role: Role,
  createdAt: z.string(),
  apiKey: z.string(),
});
export type CreatedApiKey = z.infer<typeof CreatedApiKey>;

export const AddedMember = AccountMember.extend({ apiKey: CreatedApiKey });
export type AddedMember = z.infer<typeof AddedMember>;

export const Account = z.object({
  id: z.string(),
  name: z.string(),
  runtimeId: z.string(),
  plan: z.string(),
  planDisplayName: z.string(),
  maxChecks: z.int().nullable(),
  settings: z.record(z.string(), z.unknown()),
  alertSettings: z.record(z.string(), z.unknown()),
  features: z.array(z.string()),
  created_at: z.string(),
});
export type Account = z.infer<typeof Account>;
