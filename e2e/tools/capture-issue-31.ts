/**
 * Issue 31's before-and-after screenshots: one PNG per item the issue fixed, of the console (and the
 * public status page) of the tree at `<project root>`, each situation set up through its real REST API.
 *
 *   npx tsx e2e/tools/capture-issue-31.ts <project root> <output folder>
 *
 * The root's console must be built (`npm run build:renderer` there, into its own out/renderer): the
 * server is started with --no-console-build on a fresh temporary data folder, without a scheduler
 * (checks run on demand, as the e2e fixtures do) and without canaries. Loopback only. An item the
 * tree cannot show (an API it lacks) is listed at the end with the reason; the other items go on.
 * Some shots carry a yellow caption written by this script (marked "capture:") for what a picture
 * cannot show by itself: where focus is, what a live region said, a JSON answer, the clock.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Locator, type Page } from '@playwright/test';
import { backdateCheck, lastClosedHour, seedPastResults, seedRollup } from '../fixtures/history';
import { startLoginApi } from '../fixtures/login-api';
import { waitForReady, type SightlineServer } from '../fixtures/server';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';
const MINUTE = 60_000;
const WAIT_MS = 15_000;
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

const [rootArg, outArg] = process.argv.slice(2);
if (!rootArg || !outArg) {
  process.stderr.write('usage: npx tsx e2e/tools/capture-issue-31.ts <project root> <output folder>\n');
  process.exit(2);
}
const ROOT = resolve(rootArg);
const OUT = resolve(outArg);

/** What became of each item: its files, or why it has none. */
const report: Array<{ item: string; files: string[]; note?: string; error?: string }> = [];

// ---------------------------------------------------------------- server and API

async function startServerAt(root: string): Promise<{ server: SightlineServer; child: ChildProcess; close: () => Promise<void> }> {
  if (!existsSync(join(root, 'out', 'renderer', 'index.html'))) throw new Error(`${root}/out/renderer is not built: run npm run build:renderer there first`);
  const dataDir = await mkdtemp(join(tmpdir(), 'sightline-shots-'));
  const apiKey = `shots_${randomBytes(18).toString('hex')}`;
  const child = spawn(
    process.execPath,
    ['bin/sightline.mjs', 'serve', '--port', '0', '--data-dir', dataDir, '--api-key', apiKey, '--no-scheduler', '--no-console-build', '--agent-health-port', '0', '--no-canary'],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, SIGHTLINE_CANARIES: 'off' } },
  );
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await new Promise<void>((done) => {
        const force = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(force);
          done();
        });
        child.kill('SIGTERM');
      });
    }
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const baseURL = await waitForReady(child);
    child.stdout?.resume();
    child.stderr?.resume();
    return { server: { baseURL, apiKey, dataDir }, child, close };
  } catch (error) {
    await close();
    throw error;
  }
}

class Api {
  constructor(readonly server: SightlineServer) {}

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.server.baseURL}${path}`, {
      method,
      headers: { Authorization: `Bearer ${this.server.apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  }

  post = <T>(path: string, body: unknown) => this.call<T>('POST', path, body);
  put = <T>(path: string, body: unknown) => this.call<T>('PUT', path, body);
  get = <T>(path: string) => this.call<T>('GET', path);

  icmp(name: string, extra: Record<string, unknown> = {}, hostname = '127.0.0.1') {
    return this.post<{ id: string }>('/v1/checks/icmp', { name, request: { hostname }, ...extra });
  }

  /** A ping of 127.0.0.1 whose average-latency assertion can never pass. */
  failingIcmp(name: string, extra: Record<string, unknown> = {}) {
    return this.post<{ id: string }>('/v1/checks/icmp', {
      name,
      request: { hostname: '127.0.0.1', pingCount: 1, assertions: [{ source: 'LATENCY', comparison: 'LESS_THAN', property: 'avg', target: '0' }] },
      ...extra,
    });
  }

  async run(checkId: string): Promise<{ status: string }> {
    const { sessions } = await this.post<{ sessions: Array<{ checkSessionId: string }> }>('/v1/check-sessions/trigger', { target: { checkId: [checkId] } });
    // The long-poll waits at most 30 s; a loaded machine may need more than one.
    for (let attempt = 0; ; attempt++) {
      const session = await this.get<{ status: string }>(`/v1/check-sessions/${sessions[0].checkSessionId}/completion?maxWaitSeconds=30`);
      if (!['STARTED', 'RUNNING', 'QUEUED', 'PENDING'].includes(session.status) || attempt === 3) return session;
    }
  }

  async latestResultId(checkId: string): Promise<string> {
    const [latest] = await this.get<Array<{ id: string }>>(`/v1/check-results/${checkId}?limit=1`);
    return latest.id;
  }
}

// ---------------------------------------------------------------- browser helpers

async function newConsole(browser: Browser, server: SightlineServer, options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: DESKTOP, locale: 'en-GB', timezoneId: 'UTC', colorScheme: 'light', baseURL: server.baseURL, ...options });
  const signedIn = await context.request.post(`${server.baseURL}/console/session`, { headers: { Authorization: `Bearer ${server.apiKey}` } });
  if (signedIn.status() !== 201) throw new Error(`signing in answered ${signedIn.status()}`);
  const page = await context.newPage();
  page.setDefaultTimeout(WAIT_MS);
  return { context, page };
}

/** A yellow note at the bottom of the viewport, marked as the capture's own words. */
async function caption(page: Page, lines: string[]): Promise<void> {
  await page.evaluate((text) => {
    document.getElementById('issue31-caption')?.remove();
    const note = document.createElement('div');
    note.id = 'issue31-caption';
    note.setAttribute('aria-hidden', 'true');
    note.style.cssText =
      'position:fixed;left:8px;right:8px;bottom:8px;z-index:2147483647;background:#fff3bf;color:#212529;border:2px solid #f08c00;' +
      'border-radius:6px;padding:6px 10px;font:13px/1.45 system-ui,sans-serif;white-space:pre-wrap;pointer-events:none';
    note.textContent = text.map((line) => `capture: ${line}`).join('\n');
    document.body.appendChild(note);
  }, lines);
}

/** The same note, placed right under an element, so an element's shot can include it. */
async function captionUnder(locator: Locator, lines: string[]): Promise<void> {
  await locator.evaluate((element, text) => {
    element.parentElement?.querySelector(':scope > #issue31-caption')?.remove();
    const note = document.createElement('div');
    note.id = 'issue31-caption';
    note.setAttribute('aria-hidden', 'true');
    note.style.cssText =
      'background:#fff3bf;color:#212529;border:2px solid #f08c00;border-radius:6px;padding:6px 10px;margin:6px 0;font:13px/1.45 system-ui,sans-serif;white-space:pre-wrap';
    note.textContent = text.map((line) => `capture: ${line}`).join('\n');
    element.appendChild(note);
  }, lines);
}

/** What has focus, in words: its role or tag, and its name. */
function focusedElement(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return '<body> (nothing focused)';
    const label =
      element.getAttribute('aria-label') ??
      (element.id ? document.querySelector(`label[for="${CSS.escape(element.id)}"]`)?.textContent : null) ??
      element.textContent?.trim().slice(0, 60) ??
      '';
    return `<${element.tagName.toLowerCase()}${element.getAttribute('role') ? ` role=${element.getAttribute('role')}` : ''}> "${label}"`;
  });
}

async function settle(page: Page): Promise<void> {
  // A caption of an earlier shot stays in the page across the console's own navigation.
  await page.evaluate(() => document.getElementById('issue31-caption')?.remove()).catch(() => undefined);
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(300);
}

/** Saves an element's shot (grown by a margin within the page) or the viewport's. */
async function save(target: Page | Locator, file: string, files: string[]): Promise<void> {
  const path = join(OUT, `${file}.png`);
  if ('screenshot' in target && 'goto' in target) {
    await target.screenshot({ path, animations: 'disabled' });
  } else {
    const locator = target as Locator;
    await locator.scrollIntoViewIfNeeded();
    const box = await locator.boundingBox();
    const page = locator.page();
    if (!box) throw new Error(`${file}: nothing to shoot`);
    const viewport = page.viewportSize() ?? DESKTOP;
    const margin = 8;
    const scroll = await page.evaluate(() => ({ x: window.scrollX, y: window.scrollY, w: document.documentElement.scrollWidth, h: document.documentElement.scrollHeight }));
    const x = Math.max(0, box.x + scroll.x - margin);
    const y = Math.max(0, box.y + scroll.y - margin);
    const clip = { x, y, width: Math.min(box.width + 2 * margin, Math.max(viewport.width, scroll.w) - x), height: Math.min(box.height + 2 * margin, 1600) };
    await page.screenshot({ path, clip, fullPage: true, animations: 'disabled' });
  }
  files.push(`${file}.png`);
  console.log(`  wrote ${file}.png (${Math.round(statSync(path).size / 1024)} KB)`);
}

/** A Mantine input with its label and description. */
function fieldOf(input: Locator): Locator {
  return input.locator('xpath=ancestor::div[.//label][1]');
}

/** Saves the band of the page from `top`'s top to `bottom`'s bottom (plus `below` px), as wide as `across`. */
async function saveBand(top: Locator, bottom: Locator, across: Locator, file: string, files: string[], below = 0): Promise<void> {
  const page = top.page();
  await top.scrollIntoViewIfNeeded();
  const scroll = await page.evaluate(() => ({ x: window.scrollX, y: window.scrollY }));
  const [a, b, c] = await Promise.all([top.boundingBox(), bottom.boundingBox(), across.boundingBox()]);
  if (!a || !b || !c) throw new Error(`${file}: nothing to shoot`);
  const margin = 8;
  const y = Math.max(0, Math.min(a.y, b.y) + scroll.y - margin);
  const end = Math.max(a.y + a.height, b.y + b.height) + scroll.y + margin + below;
  const clip = { x: Math.max(0, c.x + scroll.x - margin), y, width: c.width + 2 * margin, height: Math.min(end - y, 1600) };
  const path = join(OUT, `${file}.png`);
  await page.screenshot({ path, clip, fullPage: true, animations: 'disabled' });
  files.push(`${file}.png`);
  console.log(`  wrote ${file}.png (${Math.round(statSync(path).size / 1024)} KB)`);
}

async function item(name: string, body: (files: string[]) => Promise<string | void>): Promise<void> {
  console.log(`- ${name}`);
  const files: string[] = [];
  try {
    const note = await body(files);
    report.push({ item: name, files, note: note ?? undefined });
  } catch (error) {
    const message = (error as Error).message.split('\n')[0];
    console.log(`  FAILED: ${message}`);
    report.push({ item: name, files, error: message });
  }
}

/** The first of several locators that shows up (old and new consoles name some things differently). */
async function firstVisible(...locators: Locator[]): Promise<Locator> {
  const deadline = Date.now() + WAIT_MS;
  while (Date.now() < deadline) {
    for (const locator of locators) if (await locator.first().isVisible().catch(() => false)) return locator.first();
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`none visible: ${locators.map(String).join(' | ')}`);
}

const clock = (ms: number) => new Date(ms).toISOString().slice(11, 16) + ' UTC';

// ---------------------------------------------------------------- the items

/** The server's process: the tab-icon item kills it, as a crash would. */
let serverChild: ChildProcess | null = null;

async function killServer(): Promise<void> {
  const child = serverChild;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((done) => {
    child.once('exit', () => done());
    child.kill('SIGKILL');
  });
}

async function main(): Promise<void> {
  await mkdir(OUT, { recursive: true });
  console.log(`capturing ${ROOT} into ${OUT}`);
  const { server, child, close } = await startServerAt(ROOT);
  serverChild = child;
  const api = new Api(server);
  const browser = await chromium.launch({
    executablePath: existsSync(SYSTEM_CHROMIUM) ? SYSTEM_CHROMIUM : undefined,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  try {
    await captureAll(browser, server, api);
  } finally {
    await browser.close();
    await close();
  }
  console.log(JSON.stringify(report, null, 2));
}

async function captureAll(browser: Browser, server: SightlineServer, api: Api): Promise<void> {
  const { page } = await newConsole(browser, server);
  const main = page.getByRole('main');

  // Blocker 1: a monitor failing since a minute before the top of the last rolled-up hour.
  await item('1 failing-for', async (files) => {
    const check = await api.failingIcmp('Failing across the hour');
    await api.run(check.id);
    const hour = lastClosedHour();
    const firstFailure = hour + 59 * MINUTE;
    const past = [];
    for (let ago = (Date.now() - firstFailure) / MINUTE; ago > 1; ago -= 1) past.push({ minutesAgo: ago, failed: true });
    seedPastResults(server, check.id, past);
    seedRollup(server, check.id, hour, { failed: 1 });
    const elapsed = Math.floor((Date.now() - firstFailure) / MINUTE);
    await page.goto(`/#/monitors/${check.id}`);
    const header = main.getByRole('region', { name: 'Monitor status' });
    await header.getByText(/Failing for/).first().waitFor();
    await settle(page);
    await captionUnder(header, [
      `first failing run at ${clock(firstFailure)}, failing every minute since; now ${clock(Date.now())} → should read "Failing for ${Math.floor(elapsed / 60) ? `${Math.floor(elapsed / 60)} h ` : ''}${elapsed % 60} min".`,
      `The hour ${clock(hour)}–${clock(hour + 60 * MINUTE)} is rolled up (as the rollup worker writes it 5 min after the hour).`,
    ]);
    await save(header, '01-failing-for', files);
  });

  // Blocker 2: a monitor in a group that has an email channel and a 29 s retry; the monitor's own retry is "single, at once".
  await item('2 effective alerting', async (files) => {
    const channel = await api.post<{ id: number }>('/v1/alert-channels', { type: 'EMAIL', config: { address: 'group-oncall@example.test' } });
    const group = await api.post<{ id: number }>('/v2/check-groups?autoAssignAlerts=false', {
      name: 'Alerting core',
      alertChannelSubscriptions: [{ alertChannelId: channel.id, activated: true }],
      retryStrategy: { type: 'FIXED', baseBackoffSeconds: 29, maxRetries: 1, maxDurationSeconds: 600, sameRegion: true },
    });
    const check = await api.post<{ id: string }>('/v1/checks/icmp?autoAssignAlerts=false', {
      name: 'Grouped ping',
      groupId: group.id,
      request: { hostname: '127.0.0.1' },
      retryStrategy: { type: 'SINGLE_RETRY', baseBackoffSeconds: 0 },
    });
    await page.goto(`/#/monitors/${check.id}`);
    const settings = main.getByRole('table', { name: 'Monitor settings' });
    await settings.waitFor();
    await settle(page);
    // From the settings' Group row down to the channels it lists (or its "no channel" note).
    const groupRow = settings.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Group', exact: true }) });
    const channels = await firstVisible(
      main.getByRole('list', { name: 'Channels that receive its alerts' }),
      main.getByText(/No alert channel is subscribed/),
      main.getByRole('list', { name: 'Subscribed alert channels' }),
    );
    await saveBand(groupRow, channels, settings, '02a-alerts-monitor-page', files);

    await page.goto(`/#/monitors/${check.id}/edit`);
    const form = page.getByRole('form', { name: 'Edit ICMP monitor' });
    const picker = form.getByRole('combobox', { name: 'Alert channels', exact: true });
    await picker.waitFor();
    await settle(page);
    // From the Group field down to the alert channels picker and what is written under it (the old form had no retry there).
    const retryLine = form.getByText(/^Retries: /);
    const groupField = fieldOf(form.getByRole('textbox', { name: 'Group' }).or(form.getByRole('combobox', { name: 'Group' })).first());
    await saveBand(groupField, (await retryLine.count()) ? retryLine : picker, form, '02b-alerts-edit-form', files, 30);

    await page.goto(`/#/groups/${group.id}`);
    await main.getByRole('heading', { name: 'Alerting core', exact: true }).waitFor();
    await settle(page);
    const hasList = await main.getByRole('list', { name: "The group's alert channels" }).count();
    await caption(page, [hasList ? "the group's page lists its alert channels (see above)" : 'the group has an email channel (group-oncall@example.test); its page lists no channel']);
    await save(page, '02d-alerts-group-page', files);
  });

  // Blocker 3: an incident opened as MAJOR on a published status page.
  await item('3 status page severity', async (files) => {
    const website = await api.post<{ id: string; name: string; accountId: string }>('/v1/status-pages/services', { name: 'Website' });
    await api.post('/v1/status-pages', { name: 'Acme status', url: 'acme', published: true, cards: [{ name: 'Core', services: [{ id: website.id }] }] });
    await api.post('/v1/status-pages/incidents', {
      name: 'Website down for most visitors',
      severity: 'MAJOR',
      services: [website],
      incidentUpdates: [{ description: 'Most pages answer 502; we are on it.' }],
    });
    const visitor = await browser.newPage({ viewport: DESKTOP, locale: 'en-GB', timezoneId: 'UTC' });
    try {
      await visitor.goto(`${server.baseURL}/status/acme`);
      await visitor.getByRole('heading', { name: 'Acme status' }).waitFor();
      const summary = (await (await visitor.request.get(`${server.baseURL}/status/acme/summary.json`)).json()) as {
        cards?: Array<{ services: Array<{ name: string; state: string; description: string }> }>;
        incidents?: { open: Array<{ name: string; impact: string }> };
      };
      const service = summary.cards?.[0]?.services.find((s) => s.name === 'Website');
      await caption(visitor, [
        'the incident was opened in the console as severity MAJOR ("Major outage").',
        `summary.json: Website state ${service?.state} ("${service?.description}"), open incident impact ${summary.incidents?.open[0]?.impact}`,
      ]);
      await visitor.screenshot({ path: join(OUT, '03-status-page-severity.png'), animations: 'disabled' });
      files.push('03-status-page-severity.png');
    } finally {
      await visitor.close();
    }
  });

  // Invalid submit: focus and the count.
  await item('4 invalid submit', async (files) => {
    await page.goto('/#/monitors/new-icmp');
    const form = page.getByRole('form', { name: 'New ICMP monitor' });
    const submit = form.getByRole('button', { name: 'Create monitor' });
    await submit.waitFor();
    await settle(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await submit.click();
    await page.waitForTimeout(500);
    const announcer = page.getByTestId('form-error-announcer');
    const said = (await announcer.count()) ? ((await announcer.textContent()) ?? '') : '(no live region)';
    await caption(page, [`after clicking "Create monitor" on the empty form: focus is on ${await focusedElement(page)}`, `live region said: ${said || '(nothing)'}`]);
    await save(page, '04-invalid-submit', files);
  });

  // Charts: a young loopback ping, round trips of 46–61 µs.
  await item('5 charts and units', async (files) => {
    const check = await api.icmp('Microsecond ping');
    await api.run(check.id);
    backdateCheck(server, check.id, 6);
    seedPastResults(server, check.id, Array.from({ length: 6 }, (_, i) => ({ minutesAgo: 6 - i, responseMs: 0.046 + i * 0.003 })));
    await page.goto(`/#/monitors/${check.id}`);
    const performance = main.getByRole('region', { name: 'Performance' });
    await main.getByRole('img', { name: /^Response time chart/ }).waitFor();
    await settle(page);
    await save(performance, '05a-chart-units-ticks', files);

    const path = await api.post<{ id: string }>('/v1/checks/traceroute', { name: 'Loopback path', doubleCheck: false, request: { url: '127.0.0.1', protocol: 'ICMP', ptrLookup: false } });
    await api.run(path.id);
    await page.goto(`/#/monitors/${path.id}/results/${await api.latestResultId(path.id)}`);
    await main.getByRole('heading', { name: 'Loopback path' }).first().waitFor();
    await main.getByText(/µs|ms/).first().waitFor();
    await settle(page);
    await save(page, '05b-traceroute-units', files);
  });

  // Badges and tags.
  await item('7 badges', async (files) => {
    const inWindow = await api.icmp('Maintained ping with a rather long name', { tags: ['Core-DB'] });
    await api.run(inWindow.id);
    await api.post('/v1/maintenance-windows', { name: 'Now', tags: ['Core-DB'], checkIds: [inWindow.id], startsAt: new Date(Date.now() - MINUTE).toISOString(), endsAt: new Date(Date.now() + 3_600_000).toISOString() }).catch(() =>
      // The old API had no checkIds: a tag window does the same for this monitor.
      api.post('/v1/maintenance-windows', { name: 'Now', tags: ['Core-DB'], startsAt: new Date(Date.now() - MINUTE).toISOString(), endsAt: new Date(Date.now() + 3_600_000).toISOString() }),
    );
    await page.goto('/#/monitors?q=Maintained');
    const row = main.getByRole('table', { name: 'Monitors' }).getByRole('row').filter({ hasText: 'Maintained ping' });
    await row.getByText('Maintenance', { exact: true }).waitFor();
    await settle(page);
    await save(row, '07a-maintenance-badge', files);

    const group = await api.post<{ id: number }>('/v1/check-groups', { name: 'Group with a failure' });
    const failing = await api.failingIcmp('Failing member', { groupId: group.id });
    await api.run(failing.id);
    await page.goto('/#/groups');
    const groupRow = main.getByRole('table', { name: 'Groups' }).getByRole('row').filter({ hasText: 'Group with a failure' });
    await groupRow.waitFor();
    await settle(page);
    await captionUnder(main.getByRole('table', { name: 'Groups' }), ['its one member, "Failing member", failed its last run']);
    await save(main.getByRole('table', { name: 'Groups' }).locator('xpath=..'), '07b-group-failing-badge', files);

    await page.goto(`/#/groups/${group.id}/edit`);
    const form = page.getByRole('form', { name: 'Edit group' });
    const strategy = form.getByRole('combobox', { name: 'Retry strategy', exact: true });
    await strategy.click();
    await page.getByRole('option', { name: 'Single retry', exact: true }).click();
    await settle(page);
    // The strategy field (with its label) and what it shows under it.
    await saveBand(fieldOf(strategy), fieldOf(strategy), form, '07c-single-retry', files, 160);

    await page.goto('/#/maintenance');
    const tagRow = main.getByRole('table', { name: 'Maintenance windows' }).getByRole('row').filter({ hasText: /Core-DB/i }).first();
    await tagRow.waitFor();
    await settle(page);
    await captionUnder(main.getByRole('table', { name: 'Maintenance windows' }), ['the tag was written "Core-DB"']);
    await save(main.getByRole('table', { name: 'Maintenance windows' }).locator('xpath=..'), '07d-tags-as-written', files);
  });

  // Dates: a maintenance window and the Dashboard, read in India (UTC+5:30).
  await item('6 dates', async (files) => {
    await api.post('/v1/maintenance-windows', { name: 'Core switch swap', tags: ['core-switch'], startsAt: '2030-01-15T12:00:00.000Z', endsAt: '2030-01-15T13:30:00.000Z' });
    const { context, page: india } = await newConsole(browser, server, { locale: 'en-US', timezoneId: 'Asia/Kolkata' });
    try {
      await india.goto('/#/maintenance');
      const table = india.getByRole('main').getByRole('table', { name: 'Maintenance windows' });
      await table.getByText('Core switch swap').waitFor();
      await settle(india);
      await captionUnder(table, ['browser in en-US, Asia/Kolkata (UTC+5:30); the window is 2030-01-15 12:00–13:30 UTC']);
      await save(table, '06a-dates-maintenance', files);
      // The Dashboard: a maintenance window's end beside the runs' times (the Agent page's raw ISO times need canary or clock events, which these runs do not make: canaries are off).
      await india.goto('/#/');
      await india.getByRole('main').getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
      await india.getByRole('main').getByText(/ASSERTION_FAILED/).first().waitFor();
      await settle(india);
      await caption(india, ['browser in en-US, Asia/Kolkata (UTC+5:30)']);
      await save(india, '06b-dates-dashboard', files);
    } finally {
      await context.close();
    }
  });

  // Multi-step: a login, then a call that answers 404.
  await item('8 multi-step calls', async (files) => {
    const loginApi = await startLoginApi();
    try {
      const script = [
        "import { test, expect } from '@playwright/test';",
        "test('order lookup', async ({ request }) => {",
        '  const login = await request.post(process.env.API_BASE + "/login", { data: { username: "ops", password: process.env.PASSWORD }, headers: { "X-Request-Id": "req-7f3" } });',
        '  const { token } = await login.json();',
        '  const order = await request.get(process.env.API_BASE + "/orders/42", { headers: { Authorization: "Bearer " + token } });',
        '  expect(order.status()).toBe(200);',
        '});',
      ].join('\n');
      const check = await api.post<{ id: string }>('/v1/checks/multistep', {
        name: 'Order lookup',
        script,
        environmentVariables: [
          { key: 'API_BASE', value: loginApi.base },
          { key: 'PASSWORD', value: loginApi.password, secret: true },
        ],
      });
      await api.run(check.id);
      await page.goto(`/#/monitors/${check.id}/results/${await api.latestResultId(check.id)}`);
      await main.getByRole('table', { name: 'Requests of order lookup' }).waitFor();
      await settle(page);
      await page.setViewportSize({ width: DESKTOP.width, height: 1500 });
      await settle(page);
      await page.screenshot({ path: join(OUT, '08-multistep-result.png'), animations: 'disabled' });
      files.push('08-multistep-result.png');
      await page.setViewportSize(DESKTOP);
      const expected = await main.getByText(/Expected: 200/).count();
      return `"Expected: 200" printed ${expected} time(s) in the page`;
    } finally {
      await page.setViewportSize(DESKTOP);
      await loginApi.close();
    }
  });

  // Maintenance windows: pick monitors and groups; Escape in the tag field.
  await item('9 maintenance form', async (files) => {
    await api.icmp('Window target ping');
    await api.post('/v1/check-groups', { name: 'Window target group' });
    await page.goto('/#/maintenance');
    await main.getByRole('button', { name: 'New window' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New maintenance window' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Router swap');
    const monitorsPicker = dialog.getByRole('combobox', { name: 'Monitors', exact: true });
    if (await monitorsPicker.count()) {
      await monitorsPicker.fill('Window target');
      await page.getByRole('option', { name: 'Window target ping', exact: true }).click();
      await dialog.getByRole('combobox', { name: 'Groups', exact: true }).click();
      await page.getByRole('option', { name: 'Window target group', exact: true }).click();
      await page.keyboard.press('Escape').catch(() => undefined);
    }
    await settle(page);
    if (!(await dialog.isVisible())) throw new Error('the dialog closed while picking');
    await save(dialog, '09a-maintenance-targets', files);

    const tags = dialog.getByRole('combobox', { name: 'Tags', exact: true });
    // A tag no window has yet: no suggestion list is open, so Escape goes to whoever listens for it.
    await tags.fill('Rack-7');
    await tags.press('Escape');
    await settle(page);
    const open = await dialog.isVisible();
    await caption(page, [`typed "Router swap" as name and "Rack-7" in Tags, then pressed Escape in the tag field: the dialog is ${open ? 'still open' : 'closed, the input lost'}`]);
    await save(page, '09b-maintenance-escape-in-tags', files);
    if (open) await page.keyboard.press('Escape');
  });

  // Depends on: the edited monitor in its own picker.
  await item('11 depends-on', async (files) => {
    const self = await api.icmp('Self-aware router');
    await api.icmp('Upstream router');
    await page.goto(`/#/monitors/${self.id}/edit`);
    const dependsOn = page.getByRole('form', { name: 'Edit ICMP monitor' }).getByRole('combobox', { name: 'Depends on' });
    await dependsOn.click();
    await dependsOn.fill('router');
    await page.getByRole('option', { name: 'Upstream router', exact: true }).waitFor();
    await settle(page);
    await caption(page, ['editing "Self-aware router"; the Depends on picker, filtered by "router"']);
    await save(page, '11-depends-on', files);
    await page.keyboard.press('Escape');
  });

  // Focus after navigation; dark mode's links in failure text.
  await item('13 focus and dark links', async (files) => {
    await page.goto('/#/monitors');
    await main.getByRole('heading', { name: 'Monitors', exact: true }).waitFor();
    await settle(page);
    await main.getByRole('link', { name: /New ICMP monitor|ICMP/ }).first().click().catch(async () => {
      await main.getByRole('button', { name: /New monitor|New/ }).first().click();
      await page.getByRole('menuitem', { name: /ICMP/ }).first().click();
    });
    await page.getByRole('form', { name: 'New ICMP monitor' }).waitFor();
    await settle(page);
    await caption(page, [`after clicking "New ICMP monitor" in the Monitors list: focus is on ${await focusedElement(page)}`]);
    await save(page, '13a-focus-after-navigation', files);

    const check = await api.failingIcmp('Dark failing ping');
    await api.run(check.id);
    const { context, page: dark } = await newConsole(browser, server, { colorScheme: 'dark' });
    try {
      await dark.goto(`/#/monitors/${check.id}`);
      const failures = dark.getByRole('main').getByRole('region', { name: 'Performance' }).getByRole('list', { name: 'Failures' });
      await failures.getByRole('link').first().waitFor();
      await settle(dark);
      await save(failures.locator('xpath=..'), '13b-dark-error-links', files);
    } finally {
      await context.close();
    }
  });

  // Phone: the Monitors list at 390 px.
  await item('14 phone list', async (files) => {
    const passing = await api.icmp('Aardvark ping');
    await api.run(passing.id);
    const failing = await api.failingIcmp('Zebra gateway');
    await api.run(failing.id);
    const { context, page: phone } = await newConsole(browser, server, { viewport: PHONE, isMobile: true, hasTouch: true, deviceScaleFactor: 1 });
    try {
      await phone.goto('/#/monitors?sort=name');
      await phone.getByRole('main').getByText('Zebra gateway').first().waitFor();
      await settle(phone);
      await save(phone, '14-phone-monitors-list', files);
    } finally {
      await context.close();
    }
  });

  // Sign out: two tabs of one browser.
  await item('10 sign out', async (files) => {
    const { context, page: first } = await newConsole(browser, server);
    try {
      const second = await context.newPage();
      await first.goto('/#/monitors');
      await second.goto('/#/monitors');
      await first.getByRole('banner').getByRole('button', { name: 'Sign out' }).waitFor();
      await second.getByRole('banner').getByRole('button', { name: 'Sign out' }).waitFor();
      await settle(first);
      await first.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
      await settle(first);
      const dialog = first.getByRole('dialog', { name: 'Sign out of Sightline?' });
      const asked = await dialog.isVisible();
      await caption(first, [asked ? 'right after clicking "Sign out": a confirmation' : 'right after clicking "Sign out": no confirmation, this and every other tab is signed out']);
      await save(first, '10a-sign-out-click', files);
      if (asked) await dialog.getByRole('button', { name: 'Sign out every tab' }).click();
      await second.bringToFront();
      await second.waitForTimeout(3_000);
      await settle(second);
      await caption(second, ['the other tab, after the first one signed out']);
      await save(second, '10b-sign-out-other-tab', files);
    } finally {
      await context.close();
    }
  });

  // Last: the tab icon while the server is down (this stops the server).
  await item('12 unreachable tab icon', async (files) => {
    await page.goto('/#/');
    await main.getByRole('heading', { name: 'Dashboard', exact: true }).waitFor();
    await settle(page);
    // Killed, as a crash would (the last item: nothing runs after it).
    await killServer();
    {
      await page.getByRole('alert').filter({ hasText: /unreachable/i }).first().waitFor({ timeout: 30_000 });
      await page.waitForTimeout(1_000);
      const { href, title } = await page.evaluate(() => ({ href: document.querySelector('link[rel="icon"]')?.getAttribute('href') ?? '', title: document.title }));
      // Headless Chromium draws no tab strip: the icon the tab would show is drawn into the page as the tab would fetch it.
      await page.evaluate(
        ({ href: icon, title: text }) => {
          const strip = document.createElement('div');
          strip.id = 'issue31-tab';
          strip.style.cssText =
            'position:fixed;top:0;left:0;right:0;z-index:2147483647;background:#dee2e6;padding:6px 10px;display:flex;gap:8px;align-items:center;font:13px system-ui,sans-serif;color:#212529';
          const tab = document.createElement('div');
          tab.style.cssText = 'background:#fff;border-radius:8px 8px 0 0;padding:6px 12px;display:flex;gap:8px;align-items:center;max-width:420px';
          const image = document.createElement('img');
          image.width = 16;
          image.height = 16;
          image.alt = 'tab icon (broken)';
          image.src = new URL(icon, document.baseURI).href;
          const label = document.createElement('span');
          label.textContent = text;
          tab.append(image, label);
          const note = document.createElement('span');
          note.textContent = `capture: the tab as drawn from link[rel=icon] = ${icon.length > 60 ? `${icon.slice(0, 60)}…` : icon}`;
          strip.append(tab, note);
          document.body.appendChild(strip);
        },
        { href, title },
      );
      await page.waitForTimeout(1_000);
      await save(page, '12-unreachable-tab-icon', files);
    }
  });
}

await main();
