import { z } from 'zod';
import { Role } from './account';

/**
 * Why a browser is not signed in (any more): it holds no session (signed out, in this or another
 * tab), its session expired, its API key was revoked, a newer sign-in replaced it, or the server does
 * not know it (another data folder, or it ended more than a day ago).
 */
export const ConsoleSessionEndReason = z.enum(['signed_out', 'expired', 'key_revoked', 'replaced', 'unknown']);
export type ConsoleSessionEndReason = z.infer<typeof ConsoleSessionEndReason>;

/** What GET/POST /console/session answer: whether this browser is signed in to the console, and as whom. */
export const ConsoleSessionStatus = z.union([
  z.object({ signedIn: z.literal(false), reason: ConsoleSessionEndReason.optional() }),
  z.object({
    signedIn: z.literal(true),
    role: Role,
    accountId: z.string(),
    user: z.object({ id: z.string(), name: z.string(), email: z.string().nullable() }),
    /** When the session ends unless it is used again. */
    idleExpiresAt: z.string(),
    /** When it ends at the latest. */
    expiresAt: z.string(),
  }),
]);
export type ConsoleSessionStatus = z.infer<typeof ConsoleSessionStatus>;

/**
 * A readable companion of the HttpOnly session cookie, set and cleared with it: it holds no secret,
 * only "this browser signed in", so a new tab can show the console at once instead of waiting for
 * GET /console/session (which it still asks, and which signs the tab out if the session is gone).
 */
export const SIGNED_IN_HINT_COOKIE = 'sightline_signed_in';

/** What the console says when a tab is signed out, one sentence per reason. */
export const SESSION_END_MESSAGES: Record<ConsoleSessionEndReason, string> = {
  signed_out: 'This browser was signed out (in this or another tab).',
  expired: 'The session expired (12 hours without use, or 7 days after sign-in).',
  key_revoked: 'The API key this tab signed in with was revoked, or its member was removed.',
  replaced: 'This browser signed in again elsewhere, which replaced this session.',
  unknown: 'The server does not know this session: it may have been restarted with a different data folder, or the session ended more than a day ago.',
};
