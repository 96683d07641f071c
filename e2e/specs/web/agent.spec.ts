import { expect, test } from '../../fixtures/server';
import { AgentPage } from '../../pages/agent-page';
import { openConnected, toast } from '../../pages/console';

test.describe('agent and private locations in the web console', () => {
  test('creates a private location, shows its key and agent command once, lists it with 0 agents and revokes the key', async ({ page, server }) => {
    const agent = new AgentPage(page);
    await openConnected(page, server, '/agent');
    await expect(agent.embeddedAgent).toContainText('This machine runs checks for the local location');

    await agent.newLocationButton.click();
    await agent.newLocationForm.getByRole('textbox', { name: 'Slug' }).fill('eu-west-1');
    await agent.newLocationForm.getByRole('button', { name: 'Create location' }).click();
    await expect(agent.newLocationForm.getByRole('textbox', { name: 'Slug' })).toHaveAccessibleDescription(/must not look like a cloud region/);
    await expect(agent.newLocationForm.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription('name must not be empty');
    await agent.newLocationForm.getByRole('button', { name: 'Cancel' }).click();

    await agent.createLocation('Office network', 'office-net');
    await expect(agent.keyDialog).toBeVisible();
    const key = (await agent.keyDialog.getByLabel('Agent key').textContent())?.trim() ?? '';
    expect(key.length).toBeGreaterThan(20);
    await expect(agent.keyDialog.getByLabel('Agent command')).toHaveText(`npx sightline agent --server ${server.baseURL} --key ${key}`);
    await expect(agent.keyDialog.getByRole('button', { name: 'Copy key' })).toBeVisible();
    await agent.keyDialog.getByRole('button', { name: 'Done' }).click();
    await expect(agent.keyDialog).toBeHidden();
    await expect(page.getByRole('main')).not.toContainText(key);

    const row = agent.row('Office network');
    await expect(row).toContainText('office-net');
    await expect(row.getByLabel('0 agents online')).toBeVisible();
    await expect(row).toContainText('never');

    const heartbeat = () => page.request.post(`${server.baseURL}/v1/agent/heartbeat`, { headers: { Authorization: `Bearer ${key}` }, data: {} });
    expect((await heartbeat()).status()).not.toBe(401);

    await row.getByRole('button', { name: 'Keys of Office network' }).click();
    const keys = agent.keysPanel('Office network');
    const masked = keys.getByRole('table', { name: 'Agent keys' }).getByRole('row');
    await expect(masked).toHaveCount(2);
    await keys.getByRole('button', { name: /^Revoke / }).click();
    await agent.revokeDialog.getByRole('button', { name: 'Revoke key' }).click();
    await expect(toast(page, 'Key revoked')).toBeVisible();
    await expect(keys).toContainText('No keys: no agent can run checks for office-net');
    await expect(row.getByRole('button', { name: 'Keys of Office network' })).toHaveText('0 keys');

    // The revoked key no longer authenticates an agent.
    expect((await heartbeat()).status()).toBe(401);
  });
});
