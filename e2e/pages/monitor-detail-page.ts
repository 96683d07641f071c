import type { Locator, Page } from '@playwright/test';
import { runProgress } from './run-progress';

export class MonitorDetailPage {
  readonly runNowButton: Locator;
  readonly statusHeader: Locator;
  readonly dependencies: Locator;
  readonly resultsTable: Locator;
  readonly chart: Locator;
  /** The range's heading, e.g. "Over the last 24 hours". */
  readonly rangeHeading: Locator;
  /** Each failed run (or period with failures) of the range, under the chart. */
  readonly failures: Locator;
  readonly noFailures: Locator;
  readonly locations: Locator;
  readonly heading: Locator;
  readonly settings: Locator;
  /** The multi-step script, as the page prints it. */
  readonly script: Locator;
  readonly activeSwitch: Locator;

  constructor(
    readonly page: Page,
    readonly name: string,
  ) {
    const main = page.getByRole('main');
    const performance = main.getByRole('region', { name: 'Performance' });
    this.runNowButton = main.getByRole('button', { name: 'Run now', exact: true });
    this.statusHeader = main.getByRole('region', { name: 'Monitor status' });
    this.dependencies = main.getByRole('region', { name: 'Dependencies' });
    this.resultsTable = main.getByRole('table', { name: 'Recent results' });
    this.chart = main.getByRole('img', { name: /^Response time chart/ });
    this.rangeHeading = performance.getByRole('heading', { name: /^Over / });
    this.failures = performance.getByRole('list', { name: 'Failures' }).getByRole('listitem');
    this.noFailures = performance.getByText(/^No failed runs in /);
    this.locations = main.getByRole('table', { name: 'By location' });
    this.heading = main.getByRole('heading', { name, exact: true, level: 2 });
    this.settings = main.getByRole('table', { name: 'Monitor settings' });
    this.script = main.getByRole('heading', { name: 'Script', exact: true }).locator('xpath=following-sibling::pre[1]');
    this.activeSwitch = main.getByRole('switch', { name: `Active: ${name}` });
  }

  async open(checkId: string, range?: string): Promise<void> {
    await this.page.goto(`/#/monitors/${checkId}${range ? `?range=${range}` : ''}`);
  }

  /** Picks a range: "1 h", "24 h", "7 d", "30 d" or "90 d". */
  async chooseRange(label: string): Promise<void> {
    await this.page.getByRole('main').getByRole('radiogroup', { name: 'Time range' }).getByText(label, { exact: true }).click();
  }

  /** A figure of the range by its label: "Uptime", "p50", "p95", "p99", "Runs", "Failed runs". */
  stat(label: string): Locator {
    return this.page.getByRole('main').getByRole('region', { name: 'Performance' }).getByRole('listitem', { name: label, exact: true });
  }

  /** The runs of the recent results table, without its heading row. */
  resultRows(): Locator {
    return this.resultsTable.getByRole('row').filter({ hasNot: this.page.getByRole('columnheader') });
  }

  /** A choice of the time range control ("1 h", "24 h", ...); checked when it is the one shown. */
  rangeOption(label: string): Locator {
    return this.page.getByRole('main').getByRole('radio', { name: label, exact: true });
  }

  /** The link from the n-th failure under the chart to its result. */
  failureResultLink(index: number): Locator {
    return this.failures.nth(index).getByRole('link', { name: 'Open result' });
  }

  /** The n-th run of the recent results table (0 = the newest, under the heading row). */
  resultRow(index: number): Locator {
    return this.resultsTable.getByRole('row').nth(index + 1);
  }

  /** A row's value in the settings table, by its label ("IP family", "Alerts", "Retries"). */
  setting(label: string): Locator {
    return this.settings.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: label, exact: true }) }).getByRole('cell');
  }

  /** The channels the monitor's alerts reach (its own subscriptions and its group's), as listed under the settings. */
  subscribedChannels(): Locator {
    return this.page.getByRole('main').getByRole('list', { name: 'Channels that receive its alerts' }).getByRole('listitem');
  }

  /** The link to the group the monitor belongs to. */
  groupLink(groupName: string): Locator {
    return this.page.getByRole('main').getByRole('link', { name: groupName, exact: true });
  }

  locationRow(location: string): Locator {
    return this.locations.getByRole('row').filter({ has: this.page.getByRole('cell', { name: location, exact: true }) });
  }

  /** The live status of the run started with "Run now", and its link to the session. */
  get runProgress(): Locator {
    return runProgress(this.page, this.name);
  }

  /**
   * Where the p50 line is drawn, as fractions of the plot area's width (0 = left edge, 1 = right):
   * read from the chart's pixels, so it is what the operator sees.
   */
  async plottedSpan(color: [number, number, number] = [0x12, 0xb8, 0x86]): Promise<{ left: number; right: number }> {
    return this.chart.evaluate((element, rgb) => {
      const canvas = element.querySelector('canvas');
      const over = element.querySelector<HTMLElement>('.u-over');
      if (!canvas || !over) throw new Error('the chart has no plot');
      const scale = canvas.width / canvas.getBoundingClientRect().width;
      const box = over.getBoundingClientRect();
      const origin = canvas.getBoundingClientRect();
      const x0 = Math.round((box.left - origin.left) * scale);
      const y0 = Math.round((box.top - origin.top) * scale);
      const w = Math.round(box.width * scale);
      const h = Math.round(box.height * scale);
      const pixels = canvas.getContext('2d')?.getImageData(x0, y0, w, h).data;
      if (!pixels) throw new Error('the chart cannot be read');
      let first = -1;
      let last = -1;
      for (let x = 0; x < w; x++) {
        for (let y = 0; y < h; y++) {
          const i = (y * w + x) * 4;
          if (Math.abs(pixels[i] - rgb[0]) < 40 && Math.abs(pixels[i + 1] - rgb[1]) < 40 && Math.abs(pixels[i + 2] - rgb[2]) < 40 && pixels[i + 3] > 200) {
            if (first < 0) first = x;
            last = x;
            break;
          }
        }
      }
      return { left: first / w, right: last / w };
    }, color);
  }

  /** "times in Europe/Berlin (UTC+1)": the zone the page's times are written in. */
  /** The chart's axis labels as written out for screen readers: "Time axis: …. Value axis: …." */
  get chartAxes(): Locator {
    return this.page.getByRole('main').getByTestId('chart-axes');
  }

  get zoneNote(): Locator {
    return this.page.getByRole('main').getByText(/^times in /).first();
  }

  get utcSwitch(): Locator {
    return this.page.getByRole('main').getByRole('switch', { name: 'UTC' }).first();
  }
}
