import { z } from 'zod';
import { ProjectBindings } from './project-bindings';

/** The embedded agent's location: it always exists and cannot be created through the API. */
export const RESERVED_LOCATION_SLUG = 'local';

/** The reference's rule: 1..30 letters, digits and dashes, and nothing that reads as a cloud region (eu-west-1). */
const SLUG_PATTERN = /^((?!((us(-gov)?|ap|ca|cn|eu|sa|af|me)-(central|(north|south)?(east|west)?)-\d+))[a-zA-Z0-9-]{1,30})$/;

export const PrivateLocationSlug = z
  .string({ error: 'slugName is required' })
  .regex(SLUG_PATTERN, 'slugName must be 1 to 30 letters, digits or dashes, and must not look like a cloud region such as eu-west-1')
  .refine((slug) => slug.toLowerCase() !== RESERVED_LOCATION_SLUG, 'slugName "local" is reserved for the embedded agent');
export type PrivateLocationSlug = z.infer<typeof PrivateLocationSlug>;

const Name = z.string({ error: 'name is required' }).trim().min(1, 'name must not be empty').max(255, 'name must be at most 255 characters');
const Icon = z.string().trim().min(1, 'icon must not be empty').max(64, 'icon must be at most 64 characters');
const ProxyUrl = z.string().max(2048, 'proxyUrl must be at most 2048 characters').nullable();

export const PrivateLocationCreate = z.object({
  name: Name,
  slugName: PrivateLocationSlug,
  icon: Icon.default('location'),
  proxyUrl: ProxyUrl.optional(),
});
export type PrivateLocationCreate = z.infer<typeof PrivateLocationCreate>;

/** PUT: name is required as in the reference; the slug never changes (checks refer to it). */
export const PrivateLocationUpdate = z.object({
  name: Name,
  icon: Icon.optional(),
  proxyUrl: ProxyUrl.optional(),
});
export type PrivateLocationUpdate = z.infer<typeof PrivateLocationUpdate>;

export const PrivateLocationKey = z.object({
  id: z.string(),
  /** The key in the answer that created it; afterwards the masked key (it is stored hashed, and the public schema requires the member). */
  rawKey: z.string(),
  maskedKey: z.string(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
});
export type PrivateLocationKey = z.infer<typeof PrivateLocationKey>;

export const RunningAgentInfo = z.object({
  id: z.string(),
  lastSeenAt: z.string(),
  hostname: z.string().nullable(),
});
export type RunningAgentInfo = z.infer<typeof RunningAgentInfo>;

export const RunningAgent = z.object({
  version: z.string(),
  isOutdated: z.boolean(),
  count: z.number(),
  agents: z.array(RunningAgentInfo),
});
export type RunningAgent = z.infer<typeof RunningAgent>;

export const PrivateLocationRead = z.object({
  id: z.string(),
  name: z.string(),
  slugName: z.string(),
  icon: z.string(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
  keys: z.array(PrivateLocationKey),
  proxyUrl: z.string().nullable(),
  /** When an agent of this location last talked to the server. */
  lastSeen: z.string().nullable(),
  /** Agents seen recently (see DECISIONS.md: within three heartbeats). */
  agentCount: z.number(),
  runningAgents: z.array(RunningAgent),
  projectBindings: ProjectBindings,
});
export type PrivateLocationRead = z.infer<typeof PrivateLocationRead>;
