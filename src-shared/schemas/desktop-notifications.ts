import { z } from 'zod';

/** Monitors named at most by a "chosen monitors" opt-in (the form is a searched multi-select). */
export const DESKTOP_CHOSEN_MAX = 500;

/**
 * The desktop app's native notifications (Settings → Desktop app): off until the operator opts in,
 * for every monitor or for the ones chosen. Not an alert channel: the REST API never lists it.
 */
export const DesktopNotificationSettings = z
  .object({
    enabled: z.boolean().default(false),
    scope: z.enum(['all', 'chosen']).default('all'),
    checkIds: z.array(z.string().min(1).max(64)).max(DESKTOP_CHOSEN_MAX, { message: `checkIds: at most ${DESKTOP_CHOSEN_MAX} monitors` }).default([]),
  })
  .superRefine((s, ctx) => {
    if (s.enabled && s.scope === 'chosen' && s.checkIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['checkIds'], message: 'checkIds: choose at least one monitor, or notify for all monitors' });
    }
  });
export type DesktopNotificationSettings = z.infer<typeof DesktopNotificationSettings>;
export type DesktopNotificationSettingsInput = z.input<typeof DesktopNotificationSettings>;
