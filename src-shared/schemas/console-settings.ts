import { z } from 'zod';

/** Account-wide preferences of the console (Settings → Console). */
export const ConsoleSettings = z.object({
  /**
   * Offer the public location names (us-east-1, eu-west-1...) in the monitor and group forms. Off
   * by default: Sightline has no cloud regions, so a check naming one runs from this machine under
   * that name, which is rarely what anyone choosing "Ireland" means.
   */
  offerPublicLocations: z.boolean().default(false),
});
export type ConsoleSettings = z.infer<typeof ConsoleSettings>;
export type ConsoleSettingsInput = z.input<typeof ConsoleSettings>;
