import { AppError } from '../../core/errors';
import { roleAllows, WHAT_ROLE_MAY, WHO_MAY, type Access } from '../../../src-shared/rules/access';
import type { Role } from '../../../src-shared/schemas/account';

export { ROLE_ACCESS, roleAllows, type Access } from '../../../src-shared/rules/access';

/**
 * REST operations that need something other than their method's default (GET/HEAD/OPTIONS read,
 * anything else write). Paths are Fastify route patterns. A route may instead declare
 * `config: { access }` in its own options; that wins over this list.
 */
export const ROUTE_ACCESS: ReadonlyArray<{ method: string; url: string; access: Access }> = [
  { method: 'POST', url: '/v1/check-sessions/trigger', access: 'run' },
  { method: 'POST', url: '/v2/check-sessions/trigger', access: 'run' },
  { method: 'POST', url: '/next/test-sessions/trigger', access: 'run' },
  { method: 'POST', url: '/v1/test-sessions/:testSessionId/cancel', access: 'run' },
  // `checkly test` runs code that is no stored check (its scripts and hooks, after uploading the
  // project's bundle) with the account's variables and secrets: that is creating a check, so it needs write.
  { method: 'POST', url: '/v1/test-sessions/run', access: 'write' },
  { method: 'POST', url: '/next/checkly-storage/upload-code-bundle', access: 'write' },
  { method: 'POST', url: '/v1/check-sessions/:id/cancel', access: 'run' },
  { method: 'POST', url: '/v1/check-sessions/:checkSessionId/cancel', access: 'run' },
  { method: 'POST', url: '/v1/checks/:id/trigger', access: 'run' },
  { method: 'POST', url: '/v1/accounts/me/members', access: 'admin' },
  { method: 'POST', url: '/v1/accounts/:accountId/members', access: 'admin' },
  { method: 'POST', url: '/v1/accounts/me/invites', access: 'admin' },
  { method: 'POST', url: '/v1/accounts/:accountId/invites', access: 'admin' },
  { method: 'PATCH', url: '/v1/accounts/me/members/:userId', access: 'admin' },
  { method: 'PATCH', url: '/v1/accounts/:accountId/members/:userId', access: 'admin' },
  { method: 'DELETE', url: '/v1/accounts/me/members/:userId', access: 'admin' },
  { method: 'DELETE', url: '/v1/accounts/:accountId/members/:userId', access: 'admin' },
  { method: 'POST', url: '/v1/accounts/me/members/:userId/api-keys', access: 'admin' },
  { method: 'POST', url: '/v1/accounts/:accountId/members/:userId/api-keys', access: 'admin' },
  { method: 'PUT', url: '/v1/accounts/me/plan', access: 'admin' },
  // A read sent as POST (its body is a list of check ids).
  { method: 'POST', url: '/v1/analytics/checks', access: 'read' },
];

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The access a REST operation needs: its declared access, else the list above, else its method's default. */
export function requiredAccess(method: string, routeUrl: string, declared?: Access): Access {
  if (declared) return declared;
  const upper = method.toUpperCase();
  const listed = ROUTE_ACCESS.find((rule) => rule.method === upper && rule.url === routeUrl);
  if (listed) return listed.access;
  return READ_METHODS.has(upper) ? 'read' : 'write';
}

/** 403 whose message says what the key may do and which role the operation needs. */
export function assertAccess(role: Role, access: Access): void {
  if (roleAllows(role, access)) return;
  throw new AppError('forbidden', `Forbidden: ${role} keys ${WHAT_ROLE_MAY[role]}; this operation needs ${WHO_MAY[access]}`);
}
