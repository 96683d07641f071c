import { z } from 'zod';
import { Role } from './account';

/** What GET/POST /console/session answer: whether this browser is signed in to the console, and as whom. */
export const ConsoleSessionStatus = z.union([
  z.object({ signedIn: z.literal(false) }),
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
