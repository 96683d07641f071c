import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The impacts that fail a page: what keeps someone from using it, not style advice. */
const BLOCKING = new Set(['serious', 'critical']);

export interface AxeFinding {
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core (WCAG 2.0/2.1 A and AA rules) on the page as it is now and returns its serious and
 * critical violations, each with the elements it found them on: an empty list means the page passes.
 */
export async function blockingViolations(page: Page, options: { exclude?: string[] } = {}): Promise<AxeFinding[]> {
  const analyze = async () => {
    await transitionsEnded(page);
    // axe.run in the page itself: the default runs each frame apart and merges the results in a new
    // blank tab, which doubled every call (0.5 s against 1 s, the same violations). What that skips,
    // cross-origin frames, the console has none (CI time, session 44).
    let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode();
    for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
    return (await builder.analyze()).violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
  };
  // A toast that appeared while axe was reading the page (a live announcement) was judged mid-fade:
  // what is found is judged again once its transition has ended (analyze waits for that), so only
  // what stays on screen counts.
  let violations = await analyze();
  if (violations.length > 0) violations = await analyze();
  return violations
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}

/**
 * A toast or menu fading in is half transparent for a moment, and axe would judge its text's
 * contrast at that opacity: wait (two frames, so a transition about to start has started) until no
 * CSS transition runs, so what is judged is what stays on screen. Endless animations (loaders) are
 * not transitions and do not hold this up.
 */
async function transitionsEnded(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  await page.waitForFunction(() => document.getAnimations().every((animation) => !(animation instanceof CSSTransition) || animation.playState !== 'running'), undefined, {
    timeout: 5_000,
  });
}
