import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { consoleBuildIsStale } from '../../src-main/core/console-build';
import { makeTempDir, removeTempDir } from '../lib/cleanup';
import { createConsoleMonitors, seedResults, type SeededMonitor } from '../lib/console-seed';
import { consoleProbes } from '../lib/console-probes';
import type { Scenario } from '../lib/scenario';
import { BENCH_API_KEY, REPO_ROOT, startServer, type ServerHandle } from '../lib/server';
import { fmt, median } from '../lib/stats';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';
const MB = 1024 * 1024;

function buildConsole(): void {
  const rendererDir = join(REPO_ROOT, 'out', 'renderer');
  if (!consoleBuildIsStale(rendererDir)) return;
  execFileSync('npx', ['vite', 'build', '--config', 'vite.renderer.config.ts', '--logLevel', 'warn'], { cwd: REPO_ROOT, stdio: 'inherit' });
}

async function signedInPage(browser: Browser, server: ServerHandle): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.apiUrl, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await consoleProbes.signIn(page, server.apiUrl, BENCH_API_KEY);
  return page;
}

/** ms from starting `navigate` until `ready` resolves; the page is left where it got to. */
async function timed(navigate: () => Promise<unknown>, ready: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await navigate();
  await ready();
  return performance.now() - started;
}

interface Figure {
  name: string;
  samples: number[];
  targetMs: number;
}

export const consoleBench: Scenario = {
  name: 'console',
  title: 'the console at 10,000 monitors and 1,000,000 stored results (headless Chromium)',
  description: (o) =>
    `${o.console.monitors} ICMP monitors (2 % failing by an assertion no ping passes, 1 % degraded by a 0 ms threshold, 1 % paused, in 10 groups) created ` +
    'through POST /v1/checks/icmp on the real server; the server stopped, then about ' +
    `${fmt.int(o.console.results)} past sessions and FINAL results **stored directly with SQL** (no executor: ${o.console.longHistory} monitors with 30 days ` +
    'every 5 minutes, the rest over the last day) and rolled up by the real retention service; then `sightline serve` started again on that folder with ' +
    'its scheduler running every monitor with real pings to loopback, and Debian’s Chromium (headless, 1440×900) loading the built console from it. ' +
    'Each figure is measured from the start of a fresh page load (about:blank first, so the bundle is loaded and parsed each time) or from the keystroke ' +
    `until what the operator waits for is on screen; ${o.console.repeats} repetitions, median and worst. Tab heap: JS heap used (CDP Runtime.getHeapUsage ` +
    'after a forced GC) after visiting every page in one tab.',
  async run(ctx) {
    const o = ctx.options.console;
    const dataDir = makeTempDir('console');
    let server: ServerHandle | null = null;
    let browser: Browser | null = null;
    try {
      buildConsole();
      server = await startServer({ dataDir });
      const created = await createConsoleMonitors(server.apiUrl, o.monitors, o.longHistory);
      await server.stop(90_000);
      server = null;
      const seed = await seedResults(dataDir, created.monitors, o.results);

      server = await startServer({ dataDir });
      browser = await chromium.launch({
        headless: true,
        executablePath: existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
      });
      const detailMonitor: SeededMonitor | undefined = created.monitors.find((m) => m.longHistory);
      if (!detailMonitor) throw new Error('no monitor with 30 days of history was seeded');

      const figures: Figure[] = [
        { name: 'Dashboard shows its numbers (from page load)', samples: [], targetMs: 500 },
        { name: 'Monitors: first rows (from page load)', samples: [], targetMs: 300 },
        { name: 'Monitors: a filter keystroke until the list shows the match', samples: [], targetMs: 200 },
        { name: 'Monitor detail, 30-day range (from page load)', samples: [], targetMs: 500 },
      ];
      const page = await signedInPage(browser, server);
      const blank = () => page.goto('about:blank');
      for (let r = 0; r < o.repeats; r++) {
        await blank();
        figures[0].samples.push(await timed(() => page.goto(`${server!.apiUrl}/#/`), () => consoleProbes.dashboardNumbers(page, o.monitors)));
        await blank();
        figures[1].samples.push(await timed(() => page.goto(`${server!.apiUrl}/#/monitors`), () => consoleProbes.monitorsFirstRows(page)));
        const needle = created.monitors[(r * 997 + 13) % created.monitors.length].name;
        figures[2].samples.push(await consoleProbes.filterKeystroke(page, needle));
        await blank();
        figures[3].samples.push(
          await timed(() => page.goto(`${server!.apiUrl}/#/monitors/${encodeURIComponent(detailMonitor.id)}?range=30d`), () => consoleProbes.detailFigures(page, detailMonitor.name)),
        );
      }
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('HeapProfiler.collectGarbage');
      const heap = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number; totalSize: number };

      const rows = figures.map((f) => {
        const med = median(f.samples);
        const worst = Math.max(...f.samples);
        return { figure: f.name, value: `${fmt.fixed(med, 0)} ms median, ${fmt.fixed(worst, 0)} ms worst`, target: `< ${f.targetMs} ms`, met: med < f.targetMs };
      });
      rows.push({ figure: 'tab JS heap after every page', value: fmt.mb(heap.usedSize), target: '< 100 MB', met: heap.usedSize < 100 * MB });
      return {
        rows,
        notes: [
          `monitors created through REST in ${fmt.fixed(created.seconds, 1)} s; ${fmt.int(seed.results)} results and ${fmt.int(seed.sessions)} sessions stored in ${fmt.fixed(seed.seedSeconds, 1)} s; ` +
            `${fmt.int(seed.rollups)} hourly rollups made by the retention service in ${fmt.fixed(seed.rollupSeconds, 1)} s`,
          `samples (ms): ${figures.map((f) => `${f.name}: ${f.samples.map((s) => s.toFixed(0)).join(', ')}`).join('; ')}`,
          `JS heap total ${fmt.mb(heap.totalSize)}`,
        ],
      };
    } finally {
      await browser?.close();
      await server?.stop(90_000);
      removeTempDir(dataDir);
    }
  },
};
