import { expect, type Page } from '@playwright/test';
import { signIn } from '../../e2e/pages/console';
import { MonitorDetailPage } from '../../e2e/pages/monitor-detail-page';
import { MonitorsPage } from '../../e2e/pages/monitors-page';

const LIMIT = { timeout: 60_000 };
const HEALTH_LABELS = ['Passing', 'Failing', 'Degraded', 'Paused', 'Not run yet'];

/** What the console bench waits for on each page, through the e2e page objects (the same locators the specs use). */
export const consoleProbes = {
  /** As an operator does once: the server checks the key and sets its session cookie for the context. */
  async signIn(page: Page, baseURL: string, apiKey: string): Promise<void> {
    await signIn(page, { baseURL, apiKey, dataDir: '' });
  },

  /**
   * Every health card shows a number and together they count every monitor, checked on every
   * animation frame in the page like the other figures: polled from here through the page object
   * (five locator round trips a try) it added 150–500 ms on a loaded machine. The cards are found as
   * DashboardPage.count (e2e/pages) finds them: the group named "<label> monitors" and the number alone in it.
   */
  async dashboardNumbers(page: Page, total: number): Promise<void> {
    await page.waitForFunction(
      ({ labels, total }) => {
        let sum = 0;
        for (const label of labels) {
          const card = document.querySelector(`main [role="group"][aria-label="${label} monitors"]`);
          const number = [...(card?.querySelectorAll('p, span, div') ?? [])].find((element) => element.children.length === 0 && /^\d+$/.test(element.textContent ?? ''));
          if (!number) return false;
          sum += Number(number.textContent);
        }
        return sum === total;
      },
      { labels: HEALTH_LABELS, total },
      { polling: 'raf', timeout: LIMIT.timeout },
    );
  },

  /** The Monitors table shows a first row of data (checked every animation frame, like the keystroke). */
  async monitorsFirstRows(page: Page): Promise<void> {
    await page.waitForFunction(() => document.querySelector('table[aria-label="Monitors"] tbody tr td') !== null, undefined, { polling: 'raf', timeout: LIMIT.timeout });
  },

  /**
   * From the last keystroke of `needle` in the search box until the table shows that one monitor
   * alone, checked on every animation frame in the page (expect's retry intervals of 100/250 ms
   * would round the figure up).
   */
  async filterKeystroke(page: Page, needle: string): Promise<number> {
    const monitors = new MonitorsPage(page);
    await monitors.search.fill(needle.slice(0, -1));
    await expect(monitors.table.getByRole('row').filter({ hasText: needle.slice(0, -1) }).first()).toBeVisible(LIMIT);
    const shown = page.waitForFunction(
      (name) => {
        const rows = document.querySelectorAll('table[aria-label="Monitors"] tbody tr');
        return rows.length === 1 && (rows[0].textContent ?? '').includes(name);
      },
      needle,
      { polling: 'raf', timeout: LIMIT.timeout },
    );
    const started = performance.now();
    await monitors.search.press(needle.slice(-1));
    await shown;
    return performance.now() - started;
  },

  /** The detail page shows its status header and chart for the range. */
  async detailFigures(page: Page, name: string): Promise<void> {
    const detail = new MonitorDetailPage(page, name);
    await detail.statusHeader.waitFor(LIMIT);
    await detail.chart.waitFor(LIMIT);
  },
};
