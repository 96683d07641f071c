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
