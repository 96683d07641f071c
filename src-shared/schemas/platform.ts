import { z } from 'zod';
import { LOCATIONS } from '../enums';

/** GET /v1/runtimes: what multi-step checks run with here (the public API's runtime entries). */
export const Runtime = z.object({
  name: z.string(),
  stage: z.string(),
  runtimeEndOfLife: z.string().nullable(),
  default: z.boolean(),
  description: z.string(),
  multiStepSupport: z.boolean(),
  dependencies: z.record(z.string(), z.string()),
});
export type Runtime = z.infer<typeof Runtime>;

export const RuntimeParams = z.object({ id: z.string().min(1).max(255) });

/** GET /v1/locations: the public API's PublicLocation. */
export const PublicLocation = z.object({ region: z.string(), name: z.string() });
export type PublicLocation = z.infer<typeof PublicLocation>;

/** What the embedded agent serves; public regions are run from this machine under their own names. */
export const LOCAL_LOCATION_NAME = 'This machine (embedded agent)';

const REGION_NAMES: Record<(typeof LOCATIONS)[number], string> = {
  'us-east-1': 'N. Virginia',
  'us-east-2': 'Ohio',
  'us-west-1': 'N. California',
  'us-west-2': 'Oregon',
  'ca-central-1': 'Canada',
  'sa-east-1': 'São Paulo',
  'eu-west-1': 'Ireland',
  'eu-central-1': 'Frankfurt',
  'eu-west-2': 'London',
  'eu-west-3': 'Paris',
  'eu-north-1': 'Stockholm',
  'eu-south-1': 'Milan',
  'me-south-1': 'Bahrain',
  'ap-southeast-1': 'Singapore',
  'ap-northeast-1': 'Tokyo',
  'ap-east-1': 'Hong Kong',
  'ap-southeast-2': 'Sydney',
  'ap-southeast-3': 'Jakarta',
  'ap-northeast-2': 'Seoul',
  'ap-northeast-3': 'Osaka',
  'ap-south-1': 'Mumbai',
  'af-south-1': 'Cape Town',
};

/** The public regions a check may name in `locations`, each run by the embedded agent from this machine. */
export function publicRegions(): PublicLocation[] {
  return LOCATIONS.map((region) => ({ region, name: `${REGION_NAMES[region]} (runs on this machine)` }));
}

/** GET /next/users/me: the member holding the key (the CLI's `whoami` prints `name`). */
export const CurrentUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  role: z.string(),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

const Entitlement = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  type: z.enum(['metered', 'flag']),
  enabled: z.boolean(),
  quantity: z.int().optional(),
});

/** GET /v1/accounts/me/entitlements: the account's plan as the public CLI's `account plan` reads it. */
export const AccountEntitlements = z.object({
  plan: z.string(),
  planDisplayName: z.string(),
  addons: z.object({}),
  locations: z.object({
    all: z.array(z.object({ id: z.string(), name: z.string(), available: z.boolean() })),
    maxPerCheck: z.int(),
  }),
  entitlements: z.array(Entitlement),
});
export type AccountEntitlements = z.infer<typeof AccountEntitlements>;
