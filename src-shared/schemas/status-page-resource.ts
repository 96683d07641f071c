import { z } from 'zod';
import { LIMITS } from './limits';
import { StatusPageServiceView } from './status-page';

export const STATUS_PAGE_THEMES = ['AUTO', 'DARK', 'LIGHT'] as const;
export const StatusPageTheme = z.enum(STATUS_PAGE_THEMES);
export type StatusPageTheme = z.infer<typeof StatusPageTheme>;

/** Cards per page and services per card (neither the spec nor the reference names a maximum). */
export const STATUS_PAGE_LIMITS = { cards: 100, servicesPerCard: 100, slug: 63, hostname: 253 } as const;

/** A page's `url` is its slug: one DNS label (it is a sub-domain in the public API), lower case. */
export const STATUS_PAGE_SLUG = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const HOSTNAME = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/i;

const Name = z
  .string('must be a string')
  .max(LIMITS.name, `must be at most ${LIMITS.name} characters`)
  .refine((v) => v.trim().length > 0, 'must not be blank');

const Slug = z
  .string('must be a string')
  .min(1, 'must not be empty')
  .max(STATUS_PAGE_LIMITS.slug, `must be at most ${STATUS_PAGE_LIMITS.slug} characters`)
  .regex(STATUS_PAGE_SLUG, 'must be lower-case letters, digits and hyphens, not starting or ending with a hyphen');

const WebAddress = z.url({ protocol: /^https?$/, error: 'must be an http or https URL' }).max(LIMITS.url, `must be at most ${LIMITS.url} characters`);

const optionalNullable = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

/** A card names its services by `id`; the other members of a read service are accepted and ignored. */
export const StatusPageCardServiceRef = z.object({
  id: z.uuid('must be the uuid of a status page service'),
  name: z.string().optional(),
  accountId: z.string().optional(),
});
export type StatusPageCardServiceRef = z.infer<typeof StatusPageCardServiceRef>;

export const StatusPageCardInput = z.object({
  name: Name,
  services: z
    .array(StatusPageCardServiceRef)
    .max(STATUS_PAGE_LIMITS.servicesPerCard, `must hold at most ${STATUS_PAGE_LIMITS.servicesPerCard} services`)
    .default([])
    .superRefine((services, ctx) => {
      const seen = new Set<string>();
      services.forEach((service, index) => {
        if (seen.has(service.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: 'is already on this card' });
        seen.add(service.id);
      });
    }),
});
export type StatusPageCardInput = z.infer<typeof StatusPageCardInput>;

/**
 * POST /v1/status-pages and PUT /v1/status-pages/{id} take the same body; PUT replaces the page.
 * Read-only members a client may echo (id, dates, card ids) are ignored.
 */
export const StatusPageInput = z.object({
  name: Name,
  url: Slug,
  customDomain: optionalNullable(
    z.string('must be a string').max(STATUS_PAGE_LIMITS.hostname, `must be at most ${STATUS_PAGE_LIMITS.hostname} characters`).regex(HOSTNAME, 'must be a host name such as status.example.com'),
  ),
  logo: optionalNullable(WebAddress),
  favicon: optionalNullable(WebAddress),
  redirectTo: optionalNullable(WebAddress),
  defaultTheme: StatusPageTheme.default('AUTO'),
  isPrivate: z.boolean('must be true or false').default(false),
  /** Served without a key at /status/<url> when true (a private page never is). Missing: false on create, unchanged on PUT. */
  published: z.boolean('must be true or false').optional(),
  cards: z.array(StatusPageCardInput).max(STATUS_PAGE_LIMITS.cards, `must hold at most ${STATUS_PAGE_LIMITS.cards} cards`),
});
export type StatusPageInput = z.infer<typeof StatusPageInput>;
export type StatusPageInputDraft = z.input<typeof StatusPageInput>;

export const StatusPageCardView = z.object({
  id: z.string(),
  name: z.string(),
  services: z.array(StatusPageServiceView),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StatusPageCardView = z.infer<typeof StatusPageCardView>;

export const StatusPageView = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  customDomain: z.string().nullable(),
  logo: z.string().nullable(),
  favicon: z.string().nullable(),
  redirectTo: z.string().nullable(),
  defaultTheme: StatusPageTheme,
  isPrivate: z.boolean(),
  published: z.boolean(),
  cards: z.array(StatusPageCardView),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StatusPageView = z.infer<typeof StatusPageView>;

export const StatusPagePage = z.object({
  length: z.number().int(),
  entries: z.array(StatusPageView),
  nextId: z.string().nullable(),
});
export type StatusPagePage = z.infer<typeof StatusPagePage>;
