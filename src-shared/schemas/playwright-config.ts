import { z } from 'zod';

const Timeout = z.number().int().min(0).max(120_000);

/**
 * The members of a MultiStepCheck's `playwrightConfig` a multi-step run honours: it runs
 * Playwright's `request` fixture and no browser, so only what shapes requests, and the time
 * limits, apply. Any other member is refused by name (never stored and silently ignored).
 */
const HONOURED_USE = {
  baseURL: z.string().max(2048),
  extraHTTPHeaders: z.record(z.string(), z.string()),
  httpCredentials: z.object({ username: z.string(), password: z.string() }).strict(),
  ignoreHTTPSErrors: z.boolean(),
  userAgent: z.string().max(1024),
  actionTimeout: Timeout,
  navigationTimeout: Timeout,
  testIdAttribute: z.string().max(255),
};

/**
 * `use` members that only shape a browser page or its recording. A multi-step run makes no page, so
 * they change nothing, exactly as in Playwright itself when a test uses only `request`; they are
 * accepted (stored and passed on as sent) because a project's shared `checks.playwrightConfig` is
 * written for its browser checks too and the CLI gives it to every MultiStepCheck. Members that would
 * change a request (`proxy`, `storageState`, `clientCertificates`, `contextOptions`, …), `trace`
 * (it records requests too) and anything unknown are refused by name.
 */
export const PAGE_ONLY_USE = [
  'viewport',
  'deviceScaleFactor',
  'isMobile',
  'hasTouch',
  'colorScheme',
  'reducedMotion',
  'forcedColors',
  'locale',
  'timezoneId',
  'geolocation',
  'permissions',
  'javaScriptEnabled',
  'bypassCSP',
  'offline',
  'acceptDownloads',
  'serviceWorkers',
  'screenshot',
  'video',
  'headless',
  'browserName',
  'channel',
] as const;

function refuseOthers(known: readonly string[], where: string) {
  return (value: Record<string, unknown>, ctx: z.RefinementCtx) => {
    for (const key of Object.keys(value)) {
      if (known.includes(key)) continue;
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: `${where}${key} is not applied by Sightline: multi-step checks run Playwright's request fixture, without a browser. Remove it; Sightline honours use.${Object.keys(HONOURED_USE).join(', use.')}, expect.timeout and timeout (and accepts the page-only use options, which change nothing without a page).`,
      });
    }
  };
}

const PlaywrightUse = z
  .looseObject(HONOURED_USE)
  .partial()
  .superRefine(refuseOthers([...Object.keys(HONOURED_USE), ...PAGE_ONLY_USE], 'use.'));
const PlaywrightExpect = z.looseObject({ timeout: Timeout }).partial().superRefine(refuseOthers(['timeout'], 'expect.'));

export const PlaywrightConfig = z
  .looseObject({ timeout: Timeout, use: PlaywrightUse, expect: PlaywrightExpect })
  .partial()
  .superRefine(refuseOthers(['timeout', 'use', 'expect'], ''));
export type PlaywrightConfig = z.infer<typeof PlaywrightConfig>;
