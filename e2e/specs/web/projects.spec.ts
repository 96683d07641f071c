import type { APIRequestContext } from '@playwright/test';
import { createIcmpCheck, restGet, restPost } from '../../fixtures/rest';
import { expect, test, type SightlineServer } from '../../fixtures/server';
import { choose, ConsoleChrome, openConnected, toast } from '../../pages/console';
import { MonitorDetailPage } from '../../pages/monitor-detail-page';
import { MonitorsPage } from '../../pages/monitors-page';
import { codeOwnerNote, ProjectPage, ProjectsPage } from '../../pages/projects-page';
import { seedProject } from '../../tools/seed-project';

interface Seeded {
  edge: string;
  handMade: string;
  billing: string;
  groupId: number;
  channelId: number;
  projectId: string;
}

/** Three monitors: one owned by project "Edge monitoring" (with a group and a referenced channel), one by "Billing", one made in the console. */
async function seedTwoProjects(request: APIRequestContext, server: SightlineServer): Promise<Seeded> {
  const edge = (await createIcmpCheck(request, server, 'Edge ping')).id;
  const handMade = (await createIcmpCheck(request, server, 'Hand-made ping')).id;
  const billing = (await createIcmpCheck(request, server, 'Billing ping')).id;
  const groupId = (await restPost<{ id: number }>(request, server, '/v1/check-groups', { name: 'Edge' })).id;
  const channelId = (await restPost<{ id: number }>(request, server, '/v1/alert-channels', { type: 'EMAIL', config: { address: 'oncall@example.test' } })).id;
  const projectId = seedProject(server, {
    projectLogicalId: 'edge-monitoring',
    name: 'Edge monitoring',
    resources: [
      { type: 'check', physicalId: edge, logicalId: 'edge-ping', sourceFile: '__checks__/edge.check.ts' },
      { type: 'check-group', physicalId: groupId, logicalId: 'edge-group', sourceFile: '__checks__/groups.ts' },
      { type: 'alert-channel', physicalId: channelId, logicalId: 'oncall', member: false },
      { type: 'check', physicalId: 'removed-by-hand', logicalId: 'old-ping', pending: true },
    ],
    deployments: [
      { createdBy: 'ci-key', createdAt: '2026-11-20T10:00:00.000Z', diff: [{ type: 'check', logicalId: 'edge-ping', physicalId: edge, action: 'CREATE' }] },
      {
        createdBy: 'laptop',
        createdAt: '2026-11-25T10:00:00.000Z',
        diff: [
          { type: 'check', logicalId: 'edge-ping', physicalId: edge, action: 'UPDATE' },
          { type: 'check-group', logicalId: 'edge-group', physicalId: groupId, action: 'CREATE' },
          { type: 'check', logicalId: 'retired-ping', physicalId: null, action: 'DELETE' },
        ],
      },
    ],
  });
  seedProject(server, {
    projectLogicalId: 'billing',
    name: 'Billing',
    resources: [{ type: 'check', physicalId: billing, logicalId: 'billing-ping', sourceFile: 'billing.check.ts' }],
  });
  return { edge, handMade, billing, groupId, channelId, projectId };
}

test.describe('monitoring as code in the console', () => {
  test('the Monitors list names the project and file of a code-managed monitor and filters by code, console or project; its page says so too', async ({ page, server, request }) => {
    await seedTwoProjects(request, server);
    const monitors = new MonitorsPage(page);
    await openConnected(page, server, '/monitors');
    await expect(monitors.codeOwner('Edge ping')).toHaveText('Code: Edge monitoring · __checks__/edge.check.ts');
    await expect(monitors.codeOwner('Billing ping')).toHaveText('Code: Billing · billing.check.ts');
    await expect(monitors.codeOwner('Hand-made ping')).toHaveCount(0);

    await choose(page, monitors.codeFilter, 'Code (any project)');
    await expect(monitors.rows).toHaveCount(2);
    await expect(monitors.row('Hand-made ping')).toHaveCount(0);
    await choose(page, monitors.codeFilter, 'The console only');
    await expect(monitors.rows).toHaveCount(1);
    await expect(monitors.row('Hand-made ping')).toBeVisible();
    await choose(page, monitors.codeFilter, 'Edge monitoring');
    await expect(monitors.rows).toHaveCount(1);
    await expect(monitors.row('Edge ping')).toBeVisible();
    // The filter lives in the URL, so a reload keeps it.
    await page.reload();
    await expect(monitors.rows).toHaveCount(1);
    await expect(monitors.codeFilter).toHaveValue('Edge monitoring');

    await monitors.row('Edge ping').getByRole('link', { name: 'Edge ping', exact: true }).click();
    await expect(new MonitorDetailPage(page, 'Edge ping').heading).toBeVisible();
    const note = codeOwnerNote(page);
    await expect(note).toContainText('Managed by code');
    await expect(note).toContainText('Project Edge monitoring · __checks__/edge.check.ts · logical id edge-ping');
  });

  test('editing a code-managed monitor, group or channel warns that the next deploy overwrites it, and the save still works', async ({ page, server, request }) => {
    const { edge, handMade, groupId, channelId } = await seedTwoProjects(request, server);
    await openConnected(page, server, `/monitors/${edge}/edit`);
    const warning = codeOwnerNote(page);
    await expect(warning).toContainText('Managed by code: the next deploy overwrites this change');
    await expect(warning).toContainText('the next checkly deploy of project Edge monitoring puts back what its code says');
    await expect(warning).toContainText('__checks__/edge.check.ts');
    const form = page.getByRole('form', { name: 'Edit ICMP monitor' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Edge ping (tuned by hand)');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(page, 'Monitor saved')).toBeVisible();
    expect((await restGet<{ name: string }>(request, server, `/v1/checks/${edge}`)).name).toBe('Edge ping (tuned by hand)');

    await page.goto(`/#/groups/${groupId}/edit`);
    await expect(page.getByRole('form', { name: 'Edit group' })).toBeVisible();
    await expect(codeOwnerNote(page)).toContainText('project Edge monitoring');
    // A channel the project only references stays the console's: no warning.
    await page.goto(`/#/alert-channels/${channelId}`);
    await expect(new ConsoleChrome(page).heading('Edit alert channel')).toBeVisible();
    await expect(codeOwnerNote(page)).toHaveCount(0);
    await page.goto(`/#/monitors/${handMade}/edit`);
    await expect(page.getByRole('form', { name: 'Edit ICMP monitor' })).toBeVisible();
    await expect(codeOwnerNote(page)).toHaveCount(0);
  });

  test('the Projects view lists projects, then a project with its resources and its deployments', async ({ page, server, request }) => {
    const projects = new ProjectsPage(page);
    await openConnected(page, server, '/projects');
    await expect(projects.emptyState).toBeVisible();

    await seedTwoProjects(request, server);
    await page.goto('/#/');
    await new ConsoleChrome(page).navigation.getByRole('link', { name: 'Projects' }).click();
    await expect(projects.heading).toBeVisible();
    const edgeRow = projects.row('Edge monitoring');
    await expect(edgeRow).toContainText('edge-monitoring');
    await expect(edgeRow).toContainText('3 owned · 1 referenced · 1 pending');
    await expect(edgeRow).toContainText('Succeeded');
    await expect(edgeRow).toContainText('laptop');
    await expect(edgeRow).toContainText('1 created · 1 updated · 1 deleted');
    await expect(projects.row('Billing')).toContainText('Never deployed');

    await edgeRow.getByRole('link', { name: 'Edge monitoring' }).click();
    const project = new ProjectPage(page, 'Edge monitoring');
    await expect(project.heading).toBeVisible();
    await expect(project.resource('edge-ping')).toContainText('Check');
    await expect(project.resource('edge-ping')).toContainText('Owner');
    await expect(project.resource('edge-ping')).toContainText('__checks__/edge.check.ts');
    await expect(project.resource('edge-group').getByRole('link', { name: 'Edge', exact: true })).toBeVisible();
    await expect(project.resource('oncall')).toContainText('Reference');
    await expect(project.resource('oncall').getByRole('link', { name: 'oncall@example.test' })).toBeVisible();
    await expect(project.resource('old-ping')).toContainText('Missing (id removed-by-hand)');
    await expect(project.resource('old-ping')).toContainText('Pending import');

    await expect(project.deployments).toHaveCount(2);
    const latest = project.deployments.first();
    await expect(latest).toContainText('by laptop');
    await expect(latest).toContainText('Succeeded');
    await latest.getByRole('button', { name: 'Show 3 changes' }).click();
    await expect(project.changes(latest)).toHaveText([/^Updated check edge-ping/, /^Created check group edge-group/, /^Deleted check retired-ping/]);
    await expect(project.deployments.nth(1)).toContainText('by ci-key');

    await project.resource('edge-ping').getByRole('link', { name: 'Edge ping', exact: true }).click();
    await expect(new MonitorDetailPage(page, 'Edge ping').heading).toBeVisible();
  });

  test("a project's history counts only what a redeploy changed and shows a refused deploy with what the CLI was told", async ({ page, server, request }) => {
    const ping = (logicalId: string, name: string, tags: string[] = []) => ({
      logicalId,
      type: 'check',
      member: true,
      payload: { name, checkType: 'ICMP', frequency: 10, locations: [], tags, doubleCheck: false, useGlobalAlertSettings: true, request: { hostname: '127.0.0.1', pingCount: 1 } },
    });
    const project = (resources: unknown[]) => ({ project: { logicalId: 'history-demo', name: 'History demo' }, sharedFiles: [], resources });
    const deploy = (body: unknown, query = 'dryRun=false&scheduleOnDeploy=false') =>
      request.post(`${server.baseURL}/v1/projects/deploy?${query}`, { headers: { Authorization: `Bearer ${server.apiKey}` }, data: body });
    const three = (edgeTags: string[] = []) => [ping('edge-ping', 'Edge ping', edgeTags), ping('core-ping', 'Core ping'), ping('lab-ping', 'Lab ping')];

    expect((await deploy(project(three()))).status()).toBe(200);
    expect((await deploy(project(three(['edge'])))).status()).toBe(200);
    // The check `checkly deploy` makes before it deploys (a dry run) refuses a logical id named twice.
    const refused = await deploy(project([...three(['edge']), ping('lab-ping', 'Lab ping again')]), 'dryRun=true&scheduleOnDeploy=true');
    expect(refused.status()).toBe(400);
    const told = ((await refused.json()) as { message: string }).message;
    expect(told).toContain('"lab-ping" is named more than once');

    const projects = new ProjectsPage(page);
    await openConnected(page, server, '/projects');
    const row = projects.row('History demo');
    await expect(row).toContainText('Refused');
    await expect(row).toContainText(told);
    await expect(row).toContainText('Nothing changed');

    await row.getByRole('link', { name: 'History demo' }).click();
    const history = new ProjectPage(page, 'History demo');
    await expect(history.deployments).toHaveCount(3);
    const [latest, redeploy, first] = [history.deployments.nth(0), history.deployments.nth(1), history.deployments.nth(2)];
    await expect(latest).toContainText('Refused');
    await expect(latest).toContainText('Preview (dry run) · HTTP 400');
    await expect(latest.getByLabel('What the client was told')).toHaveText(told);
    await expect(latest.getByRole('button', { name: /^Show / })).toHaveCount(0);

    await expect(redeploy).toContainText('Succeeded');
    await expect(redeploy).toContainText('1 updated · 2 unchanged');
    await redeploy.getByRole('button', { name: 'Show 1 change' }).click();
    await expect(history.changes(redeploy)).toHaveText([/^Updated check edge-ping/]);
    await expect(first).toContainText('3 created');
  });
});
