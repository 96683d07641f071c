import { addMemberKey, restPost } from '../../fixtures/rest';
import { expect, test } from '../../fixtures/server';
import { AgentPage } from '../../pages/agent-page';
import { AlertChannelsPage } from '../../pages/alert-channels-page';
import { ConsoleChrome, openConnected } from '../../pages/console';
import { GroupsPage } from '../../pages/groups-page';
import { MultiStepCheckForm } from '../../pages/multistep-check-form';
import { SettingsPage } from '../../pages/settings-page';

const READ_ONLY_REASON = /This READ_ONLY key may only read; this needs a READ_WRITE, ADMIN or OWNER key/;
const RUN_REASON = /This READ_ONLY key may only read; this needs a READ_RUN, READ_WRITE, ADMIN or OWNER key/;
const SCRIPT = "import { test } from '@playwright/test';\ntest('noop', async () => {});";

test.describe('the console offers only what the key may do, and says why', () => {
  test('a READ_ONLY key sees no Edit, Delete or Run, with the reason', async ({ page, server, request }) => {
    const key = await addMemberKey(request, server, 'READ_ONLY', 'Rita');
    const group = await restPost<{ id: number }>(request, server, '/v1/check-groups', { name: 'Core' });
    await restPost(request, server, '/v1/alert-channels', { type: 'WEBHOOK', config: { name: 'Ops hook', url: 'http://127.0.0.1:9/hook', method: 'POST' } });
    const check = await restPost<{ id: string }>(request, server, '/v1/checks/multistep', { name: 'Checkout flow', script: SCRIPT });
    await restPost(request, server, '/v1/private-locations', { name: 'Office', slugName: 'office-net' });
    const chrome = new ConsoleChrome(page);

    await openConnected(page, server, '/groups', key);
    await expect(chrome.signedInAs).toHaveAttribute('title', 'Signed in as Rita · Read only');
    const groups = new GroupsPage(page);
    await expect(groups.row('Core')).toBeVisible();
    await expect(chrome.accessNote).toContainText(READ_ONLY_REASON);
    await expect(chrome.action('Edit Core')).toHaveCount(0);
    await expect(chrome.action('Delete Core')).toHaveCount(0);
    await expect(groups.newGroupButton).toHaveAttribute('aria-disabled', 'true');
    await expect(groups.newGroupButton).toHaveAccessibleDescription(READ_ONLY_REASON);

    await page.goto(`/#/groups/${group.id}`);
    await expect(chrome.accessNote).toContainText(READ_ONLY_REASON);
    await expect(chrome.action('Edit')).toHaveCount(0);
    await expect(chrome.action('Delete')).toHaveCount(0);

    await page.goto('/#/alert-channels');
    const channels = new AlertChannelsPage(page);
    await expect(channels.row('Ops hook')).toBeVisible();
    await expect(chrome.action('View Webhook: Ops hook')).toBeVisible();
    await expect(chrome.action('Edit Webhook: Ops hook')).toHaveCount(0);
    await expect(chrome.action('Delete Webhook: Ops hook')).toHaveCount(0);
    await expect(chrome.action('Send test notification to Webhook: Ops hook')).toHaveCount(0);

    await page.goto(`/#/monitors/${check.id}`);
    const runNow = chrome.action('Run now');
    await expect(runNow).toHaveAttribute('aria-disabled', 'true');
    await expect(runNow).toHaveAccessibleDescription(RUN_REASON);

    await page.goto(`/#/monitors/${check.id}/edit`);
    const form = new MultiStepCheckForm(page, 'Edit multi-step check');
    await expect(chrome.accessNote).toContainText(READ_ONLY_REASON);
    const save = form.saveButton;
    await expect(save).toHaveAttribute('aria-disabled', 'true');
    await expect(save).toHaveAccessibleDescription(READ_ONLY_REASON);
    await expect(form.runOnceButton).toHaveAttribute('aria-disabled', 'true');
    await expect(form.runOnceButton).toHaveAccessibleDescription(READ_ONLY_REASON);

    const agent = new AgentPage(page);
    await agent.open();
    await expect(agent.row('Office')).toBeVisible();
    await expect(agent.newLocationButton).toHaveAttribute('aria-disabled', 'true');
    await expect(agent.newLocationButton).toHaveAccessibleDescription(/this needs an ADMIN or OWNER key/);
    await expect(chrome.action('Rename Office')).toHaveCount(0);
    await expect(chrome.action('Delete Office')).toHaveCount(0);

    const settings = new SettingsPage(page);
    await settings.open();
    await expect(settings.membersTable).toBeVisible();
    await expect(settings.membersNote).toContainText(/this needs an ADMIN or OWNER key/);
    await expect(settings.memberForm).toHaveCount(0);
    await expect(settings.saveLimit).toHaveAttribute('aria-disabled', 'true');
    await expect(settings.offerPublicLocations).toBeDisabled();
  });

  test('a READ_RUN key may run the stored check (Run now) but neither save nor run the unsaved script', async ({ page, server, request }) => {
    const key = await addMemberKey(request, server, 'READ_RUN', 'Runner');
    const check = await restPost<{ id: string }>(request, server, '/v1/checks/multistep', { name: 'Checkout flow', script: SCRIPT });
    const chrome = new ConsoleChrome(page);

    await openConnected(page, server, `/monitors/${check.id}`, key);
    await expect(chrome.signedInAs).toHaveAttribute('title', 'Signed in as Runner · Read & run');
    await expect(chrome.action('Run now')).toBeVisible();
    await expect(chrome.action('Run now')).not.toHaveAttribute('aria-disabled', 'true');

    await page.goto(`/#/monitors/${check.id}/edit`);
    const form = new MultiStepCheckForm(page, 'Edit multi-step check');
    await expect(form.runOnceButton).toHaveAttribute('aria-disabled', 'true');
    await expect(form.runOnceButton).toHaveAccessibleDescription(/This READ_RUN key may only read and trigger runs of stored checks; this needs a READ_WRITE, ADMIN or OWNER key/);
    await expect(form.saveButton).toHaveAttribute('aria-disabled', 'true');
  });
});
