import { createFailingIcmpCheck, createIcmpCheck, restPost, runToCompletion } from '../../fixtures/rest';
import { expect, test } from '../../fixtures/server';
import { ApiKeyPrompt } from '../../pages/api-key-prompt';
import { ConsoleChrome, openConnected } from '../../pages/console';
import { AssertionsEditor } from '../../pages/assertions-editor';
import { MultiStepCheckForm } from '../../pages/multistep-check-form';
import { codeOwnerNote } from '../../pages/projects-page';
import { blockingViolations } from '../../tools/axe';
import { seedProject } from '../../tools/seed-project';

/** The console's main pages, each with the heading that says it has loaded. */
const PAGES: ReadonlyArray<[path: string, heading: string]> = [
  ['/', 'Dashboard'],
  ['/monitors', 'Monitors'],
  ['/monitors/new-icmp', 'New ICMP monitor'],
  ['/monitors/new-multistep', 'New multi-step check'],
  ['/groups', 'Groups'],
  ['/groups/new', 'New group'],
  ['/maintenance', 'Maintenance'],
  ['/alert-channels', 'Alert channels'],
  ['/alert-channels/new', 'New alert channel'],
  ['/status-page', 'Status page'],
  ['/projects', 'Projects'],
  ['/sessions', 'Sessions'],
  ['/notifications', 'Notifications'],
  ['/agent', 'Agent'],
  ['/settings', 'Settings'],
];

test.describe('accessibility (axe-core, WCAG 2.1 A/AA): no serious or critical violations', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`a hovered Monitors row keeps its links readable (${scheme})`, async ({ page, server, request }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await createIcmpCheck(request, server, 'Edge ping');
      await createIcmpCheck(request, server, 'Other ping');
      await openConnected(page, server, '/monitors');
      await page.getByRole('table', { name: 'Monitors' }).getByRole('row').filter({ hasText: 'Edge ping' }).hover();
      expect(await blockingViolations(page)).toEqual([]);
    });
  }

  test('a monitor with no alert channel says where to subscribe one, with a link told apart from its sentence', async ({ page, server, request }) => {
    const check = await createIcmpCheck(request, server, 'Lonely ping');
    await openConnected(page, server, `/monitors/${check.id}`);
    await expect(page.getByText('None: no alert is sent. Subscribe one from Alert channels.')).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
  });

  test('the sign-in page', async ({ page }) => {
    await page.goto('/');
    await expect(new ApiKeyPrompt(page).heading).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
  });

  test('a page still loading part of itself: the script editor while its code is on the way', async ({ page, server }) => {
    // Hold the editor's chunk back, so the page is checked in the state a slow connection shows.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/code-surface-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await openConnected(page, server, '/monitors/new-multistep');
    const form = new MultiStepCheckForm(page);
    await expect(form.scriptLoading).toBeVisible();
    expect(await blockingViolations(page)).toEqual([]);
    release();
    await expect(form.script).toBeVisible();
    await expect(form.scriptLoading).toHaveCount(0);
  });

  // Every page, light and dark, on a laptop (1440 px) and a phone (390 px), with a failing monitor so error text and its links are judged too (issue 31).
  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [1440, 390] as const) {
      test(`the main pages in the ${scheme} scheme at ${width} px`, async ({ page, server, request }) => {
        // About 25 pages, each judged by axe: more than the default minute on a busy 2-core machine.
        test.setTimeout(180_000);
        await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
        await page.emulateMedia({ colorScheme: scheme });
        const healthy = await createIcmpCheck(request, server, 'Gateway ping');
        const failing = await createFailingIcmpCheck(request, server, 'Broken ping');
        const session = await runToCompletion(request, server, failing.id);
        const group = await restPost<{ id: number }>(request, server, '/v1/check-groups', { name: 'Core network' });
        await restPost(request, server, '/v1/alert-channels', { type: 'EMAIL', config: { address: 'ops@example.test' } });
        const chrome = new ConsoleChrome(page);
        await openConnected(page, server, '/');
        const found: Record<string, unknown> = {};
        const pages: ReadonlyArray<[string, string]> = [
          ...PAGES,
          [`/monitors/${failing.id}`, 'Broken ping'],
          [`/monitors/${healthy.id}/edit`, 'Edit ICMP monitor'],
          [`/sessions/${session.checkSessionId}`, 'Broken ping'],
          [`/groups/${group.id}`, 'Core network'],
        ];
        for (const [path, heading] of pages) {
          await page.goto(`/#${path}`);
          await expect(chrome.pageHeading).toContainText(heading);
          // The script editor is judged too: its syntax colours are retuned to 4.5:1 (issue 31).
          const violations = await blockingViolations(page);
          if (violations.length) found[path] = violations;
        }
        expect(found).toEqual({});
      });
    }
  }

  for (const scheme of ['light', 'dark'] as const) {
    test(`the monitor and group forms with assertions and channels, in the ${scheme} scheme`, async ({ page, server, request }) => {
      await page.emulateMedia({ colorScheme: scheme });
      await restPost(request, server, '/v1/alert-channels', { type: 'EMAIL', config: { address: 'ops@example.test' } });
      const group = await restPost<{ id: number }>(request, server, '/v2/check-groups', { name: 'Core network' });
      const check = await restPost<{ id: string }>(request, server, '/v1/checks/icmp', {
        name: 'Gateway ping',
        request: { hostname: '127.0.0.1', assertions: [{ source: 'LATENCY', property: 'avg', comparison: 'LESS_THAN', target: '100' }] },
      });
      const chrome = new ConsoleChrome(page);
      const found: Record<string, unknown> = {};
      const audit = async (path: string) => {
        const violations = await blockingViolations(page);
        if (violations.length) found[path] = violations;
      };
      await openConnected(page, server, '/monitors/new-icmp');
      const icmp = page.getByRole('form', { name: 'New ICMP monitor' });
      await new AssertionsEditor(page, icmp).add({ source: 'JSON response', property: '$.packetLoss', comparison: 'equals', target: '0' });
      await audit('/monitors/new-icmp');
      await page.goto('/#/monitors/new-traceroute');
      const traceroute = page.getByRole('form', { name: 'New traceroute monitor' });
      await new AssertionsEditor(page, traceroute).add({ source: 'Hop count', comparison: 'less than', target: '12' });
      await audit('/monitors/new-traceroute');
      for (const [path, heading] of [
        [`/monitors/${check.id}/edit`, 'Edit ICMP monitor'],
        [`/monitors/${check.id}`, 'Gateway ping'],
        [`/groups/${group.id}/edit`, 'Edit group'],
        [`/groups/${group.id}`, 'Core network'],
      ] as const) {
        await page.goto(`/#${path}`);
        await expect(chrome.heading(heading)).toBeVisible();
        await audit(path);
      }
      expect(found).toEqual({});
    });
  }

  for (const scheme of ['light', 'dark'] as const) {
    test(`monitoring as code: the Projects view, a project, and a code-managed monitor's page and edit form, in the ${scheme} scheme`, async ({ page, server, request }) => {
      await page.emulateMedia({ colorScheme: scheme });
      // With no channel at all the monitor page's "add one" link fails link-in-text-block (not this page's part; the forms test above has a channel too).
      await restPost(request, server, '/v1/alert-channels', { type: 'EMAIL', config: { address: 'ops@example.test' } });
      const check = await createIcmpCheck(request, server, 'Edge ping');
      const projectId = seedProject(server, {
        projectLogicalId: 'edge',
        name: 'Edge monitoring',
        resources: [
          { type: 'check', physicalId: check.id, logicalId: 'edge-ping', sourceFile: '__checks__/edge.check.ts' },
          { type: 'check', physicalId: 'gone', logicalId: 'gone-ping', pending: true },
        ],
        deployments: [{ createdBy: 'ci', diff: [{ type: 'check', logicalId: 'edge-ping', physicalId: check.id, action: 'CREATE' }] }],
      });
      const chrome = new ConsoleChrome(page);
      const found: Record<string, unknown> = {};
      await openConnected(page, server, '/projects');
      for (const [path, heading] of [
        ['/projects', 'Projects'],
        ['/monitors', 'Monitors'],
        [`/monitors/${check.id}`, 'Edge ping'],
        [`/monitors/${check.id}/edit`, 'Edit ICMP monitor'],
        [`/projects/${projectId}`, 'Edge monitoring'],
      ] as const) {
        await page.goto(`/#${path}`);
        await expect(chrome.heading(heading)).toBeVisible();
        if (path.startsWith('/monitors/')) await expect(codeOwnerNote(page)).toBeVisible();
        if (path === '/monitors') await expect(page.getByTestId('code-owner')).toBeVisible();
        if (path === '/projects') await expect(page.getByRole('link', { name: 'Edge monitoring' })).toBeVisible();
        if (path.startsWith('/projects/')) {
          await page.getByRole('button', { name: 'Show 1 change' }).click();
          await expect(page.getByRole('list', { name: 'Changes' })).toBeVisible();
        }
        const violations = await blockingViolations(page);
        if (violations.length) found[path] = violations;
      }
      expect(found).toEqual({});
    });
  }
});
