import { z } from 'zod';

/** Most checks one service may be backed by. */
export const MAX_SERVICE_CHECKS = 100;

/** A subscribe request (the public form or JSON): the address is stored trimmed and lower-cased. */
export const SubscribeInput = z.object({
  email: z
    .string('is required: the email address to send incident updates to')
    .trim()
    .toLowerCase()
    .pipe(z.email('must be an email address such as name@example.com').max(254, 'must be at most 254 characters')),
});
export type SubscribeInput = z.infer<typeof SubscribeInput>;

export const StatusPagePublish = z.object({
  id: z.string().min(1),
  published: z.boolean('must be true or false'),
});
export type StatusPagePublish = z.infer<typeof StatusPagePublish>;

/** The checks behind one status page service, replacing the ones linked before. */
export const ServiceChecksInput = z.object({
  id: z.string().min(1),
  checkIds: z
    .array(z.uuid('must be the id of a check'))
    .max(MAX_SERVICE_CHECKS, `must hold at most ${MAX_SERVICE_CHECKS} checks`)
    .refine((ids) => new Set(ids).size === ids.length, 'must not name a check twice'),
});
export type ServiceChecksInput = z.infer<typeof ServiceChecksInput>;

export const CheckRef = z.object({ id: z.string(), name: z.string() });
export type CheckRef = z.infer<typeof CheckRef>;

/** What the console shows of the links: every service with its checks, and every check that may be linked. */
export const ServiceCheckLinks = z.object({
  services: z.array(z.object({ serviceId: z.string(), checks: z.array(CheckRef) })),
  checks: z.array(CheckRef),
});
export type ServiceCheckLinks = z.infer<typeof ServiceCheckLinks>;

export const SUBSCRIBER_EMAIL_STATUSES = ['PENDING', 'SENT', 'FAILED', 'SKIPPED'] as const;
export type SubscriberEmailStatus = (typeof SUBSCRIBER_EMAIL_STATUSES)[number];

export const SubscriberView = z.object({
  id: z.string(),
  email: z.string(),
  /** PENDING until the address owner follows the confirmation link. */
  status: z.enum(['PENDING', 'CONFIRMED']),
  createdAt: z.string(),
  confirmedAt: z.string().nullable(),
  /** The newest mail to this subscriber and how it went; null before any. */
  lastEmail: z
    .object({
      kind: z.enum(['CONFIRM', 'UPDATE']),
      status: z.enum(SUBSCRIBER_EMAIL_STATUSES),
      /** ISO 8601: when it was queued. */
      at: z.string(),
      result: z.string().nullable(),
    })
    .nullable(),
});
export type SubscriberView = z.infer<typeof SubscriberView>;

export const SubscriberCounts = z.record(z.string(), z.object({ confirmed: z.number().int(), pending: z.number().int() }));
export type SubscriberCounts = z.infer<typeof SubscriberCounts>;
