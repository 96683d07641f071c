import { z } from 'zod';

const Url = z.url({ error: 'must be an http(s) URL', protocol: /^https?$/ }).max(2048);
/** undefined keeps the stored secret, null clears it, a string replaces it. */
const Secret = z.string().max(2000).nullable().optional();

/** What the Settings page sends; members left out keep their stored value. */
export const DeliverySettingsUpdate = z.object({
  smtp: z
    .object({
      host: z.string().min(1).max(255),
      port: z.number().int().min(1).max(65535),
      secure: z.boolean(),
      user: z.string().max(500).nullable(),
      password: Secret,
      from: z.string().min(1).max(500),
    })
    .partial()
    .optional(),
  baseUrls: z.object({ slackApp: Url, pagerduty: Url, opsgenieUs: Url, opsgenieEu: Url, twilio: Url }).partial().optional(),
  twilio: z.object({ accountSid: z.string().max(200), authToken: Secret, from: z.string().max(100) }).partial().optional(),
  slackAppToken: Secret,
  publicBaseUrl: Url.optional(),
  timeoutMs: z.number().int().min(1000).max(120_000).optional(),
  rateLimit: z
    .object({
      max: z.number().int().min(1).max(10_000),
      windowMinutes: z.number().int().min(1).max(1440),
    })
    .partial()
    .optional(),
});
export type DeliverySettingsUpdate = z.infer<typeof DeliverySettingsUpdate>;

/** What the Settings page reads: secrets are never returned, only whether they are set. */
export const DeliverySettingsView = z.object({
  smtp: z.object({ host: z.string(), port: z.number(), secure: z.boolean(), user: z.string().nullable(), from: z.string(), passwordSet: z.boolean() }),
  baseUrls: z.object({ slackApp: z.string(), pagerduty: z.string(), opsgenieUs: z.string(), opsgenieEu: z.string(), twilio: z.string() }),
  twilio: z.object({ accountSid: z.string(), from: z.string(), authTokenSet: z.boolean() }),
  slackAppTokenSet: z.boolean(),
  publicBaseUrl: z.string(),
  timeoutMs: z.number(),
  rateLimit: z.object({ max: z.number(), windowMinutes: z.number() }),
});
export type DeliverySettingsView = z.infer<typeof DeliverySettingsView>;

/** Per channel: at most `max` notifications per `windowMinutes`; more are recorded RATE_LIMITED. */
export const DEFAULT_CHANNEL_RATE_LIMIT = { max: 20, windowMinutes: 10 } as const;
