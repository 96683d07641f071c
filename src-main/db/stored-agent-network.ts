import { z } from 'zod';

/**
 * What a remote agent last said of its own network, as its operators were told (`agents.network`):
 * online or not by its canaries, its outage counter, and since when it was still offline when it
 * came back from being unreachable (told only if that lasts). Parsed on the way out of the database.
 */
export const StoredAgentNetworkSchema = z.object({
  online: z.boolean(),
  outages: z.number().int().nonnegative(),
  offlineAtReturnSince: z.number().nullable(),
});

export type StoredAgentNetwork = z.output<typeof StoredAgentNetworkSchema>;
