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
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}
