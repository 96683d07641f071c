/**
 * What the Electron e2e specs read from the main process through Playwright's app.evaluate (the tray
 * menu, the notices shown): the OS shows neither to a test. Inert unless started with SIGHTLINE_TEST_HOOKS=1.
 */
export interface SightlineTestProbe {
  trayMenu?: { label?: string; enabled?: boolean; click?: () => void }[];
  trayTooltip?: string;
  notices: { title: string; body: string; route: string }[];
  /** What clicking each notice does, by its index in notices. */
  noticeClicks: (() => void)[];
}

export function testProbe(): SightlineTestProbe | null {
  if (process.env.SIGHTLINE_TEST_HOOKS !== '1') return null;
  const holder = globalThis as { __sightlineTestProbe?: SightlineTestProbe };
  holder.__sightlineTestProbe ??= { notices: [], noticeClicks: [] };
  return holder.__sightlineTestProbe;
}
