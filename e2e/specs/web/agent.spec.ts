import { availableParallelism } from 'node:os';
import { restPost } from '../../fixtures/rest';
import { expect, test } from '../../fixtures/server';
import { AgentPage } from '../../pages/agent-page';
import { openConnected, toast } from '../../pages/console';
import { DashboardPage } from '../../pages/dashboard-page';
import { MonitorsPage } from '../../pages/monitors-page';
import { NewIcmpMonitorPage } from '../../pages/new-icmp-monitor-page';
import { runProgress } from '../../pages/run-progress';

test.describe('agent and private locations in the web console', () => {
  test('creates a private location, shows its key and agent command once, lists it with 0 agents and revokes the key', async ({ page, server }) => {
    const agent = new AgentPage(page);
    await openConnected(page, server, '/agent');
    await expect(agent.embeddedAgent).toContainText('This machine runs checks for the local location');

    await agent.newLocationButton.click();
    await agent.newLocationSlug.fill('eu-west-1');
    await agent.createLocationButton.click();
    await expect(agent.newLocationSlug).toHaveAccessibleDescription(/must not look like a cloud region/);
    await expect(agent.newLocationName).toHaveAccessibleDescription('name must not be empty');
    await agent.cancelNewLocationButton.click();

    await agent.createLocation('Office network', 'office-net');
    await expect(agent.keyDialog).toBeVisible();
    const key = await agent.shownKey();
    expect(key.length).toBeGreaterThan(20);
    await expect(agent.agentCommand).toHaveText(`npm run agent -- --server ${server.baseURL} --key ${key}`);
    await expect(agent.copyKeyButton).toBeVisible();
    await agent.keyDoneButton.click();
    await expect(agent.keyDialog).toBeHidden();
    await expect(agent.main).not.toContainText(key);

    const row = agent.row('Office network');
    await expect(row).toContainText('office-net');
    await expect(agent.agentsOnline('Office network', 0)).toBeVisible();
    await expect(row).toContainText('never');

    const heartbeat = () => page.request.post(`${server.baseURL}/v1/agent/heartbeat`, { headers: { Authorization: `Bearer ${key}` }, data: {} });
    expect((await heartbeat()).status()).not.toBe(401);

    await agent.keysButton('Office network').click();
    const keys = agent.keysPanel('Office network');
    // A header row and the one key, masked.
    await expect(agent.keyRows('Office network')).toHaveCount(2);
    await expect(keys).not.toContainText(key);
    await agent.revokeKeyButton('Office network').click();
    await agent.confirmRevokeButton.click();
    await expect(toast(page, 'Key revoked')).toBeVisible();
    await expect(keys).toContainText('No keys: no agent can run checks for office-net');
    await expect(agent.keysButton('Office network')).toHaveText('0 keys');

    // The revoked key no longer authenticates an agent.
    expect((await heartbeat()).status()).toBe(401);
  });

  test('shows the execution lanes with their default capacities, fping batching, and an ICMP run in Runs/min', async ({ page, server }) => {
    const agent = new AgentPage(page);
    await openConnected(page, server, '/agent');
    await expect(agent.lanes).toBeVisible();
    await expect(agent.laneHeaders).toHaveText(['Lane', 'Capacity', 'Running', 'Queued', 'Runs/min', 'Oldest wait', 'Skipped (last hour)', 'Late starts']);
    // fping is installed here, so ICMP runs are batched and the lane gets the batched default.
    await expect(agent.laneCell('ICMP', 'Capacity')).toHaveText('4000');
    await expect(agent.laneCell('Traceroute', 'Capacity')).toHaveText('32');
    // The warm runtime carries 16 multi-step runs per core (docs/ARCHITECTURE.md, "The warm multi-step runtime").
    await expect(agent.laneCell('Multi-step', 'Capacity')).toHaveText(String(availableParallelism() * 16));
    await expect(agent.laneCell('ICMP', 'Runs/min')).toHaveText('0');
    await expect(agent.laneCell('ICMP', 'Oldest wait')).toHaveText('—');
    await expect(agent.laneCell('ICMP', 'Skipped (last hour)')).toHaveText('0');
    await expect(agent.icmpMode).toBeVisible();
    await expect(agent.fpingMissingAlert).toBeHidden();
    // bubblewrap is installed here, so multi-step runs are sandboxed and nothing warns.
    await expect(agent.sandboxNote).toContainText('512 MB of memory per process');
    await expect(agent.notIsolatedAlert).toBeHidden();
    await expect(agent.saturatedAlert).toBeHidden();

    const monitors = new MonitorsPage(page);
    await monitors.open();
    await monitors.newIcmpMonitorButton.click();
    await new NewIcmpMonitorPage(page).create({ name: 'Loopback ping', hostname: '127.0.0.1', pingCount: 1 });
    await monitors.runNow('Loopback ping');
    await expect(runProgress(page, 'Loopback ping')).toContainText('Passed');

    await agent.open();
    // Runs/min counts runs started in the last 60 s; the server runs no schedule, so only the one just triggered.
    await expect(agent.laneCell('ICMP', 'Runs/min')).toHaveText('1');
    await expect(agent.laneCell('Traceroute', 'Runs/min')).toHaveText('0');
  });

  test('a run no agent starts before its next one is due is skipped: the dashboard warns and links to the Agent section, which says what to do', async ({ page, server, request }) => {
    // A private location whose agent is connected (it keeps its heartbeat) but takes no job: the run
    // is skipped once its 10-second period passes. (With no agent connected at all, or one gone
    // silent, the run is "not run", not a skip.)
    const office = await restPost<{ keys: { rawKey: string }[] }>(request, server, '/v1/private-locations', { name: 'Office network', slugName: 'office-net' });
    const registered = await request.post(`${server.baseURL}/v1/agent/register`, {
      headers: { Authorization: `Bearer ${office.keys[0]?.rawKey ?? ''}` },
      data: { hostname: 'office-host', version: '1.0.0', concurrency: 1 },
    });
    expect(registered.status()).toBe(201);
    const { agentId } = (await registered.json()) as { agentId: string };
    const beat = setInterval(() => {
      void request
        .post(`${server.baseURL}/v1/agent/heartbeat`, { headers: { Authorization: `Bearer ${office.keys[0]?.rawKey ?? ''}` }, data: { agentId, runningJobIds: [] } })
        .catch(() => undefined);
    }, 1000);
    try {
    const check = await restPost<{ id: string }>(request, server, '/v1/checks/icmp', {
      name: 'Office ping',
      frequency: 0,
      frequencyOffset: 10,
      locations: [],
      privateLocations: ['office-net'],
      request: { hostname: '127.0.0.1', pingCount: 1 },
    });
    await restPost(request, server, '/v1/check-sessions/trigger', { target: { checkId: [check.id] } });

    const agent = new AgentPage(page);
    const dashboard = new DashboardPage(page);
    await openConnected(page, server, '/');
    await expect(dashboard.heading).toBeVisible();
    await expect(dashboard.agentSaturated).toBeHidden();

    // The skip lands after the 10 s period and the sweep; the Agent section refetches every 5 s.
    await agent.open();
    await expect(agent.saturatedAlert).toContainText('1 run skipped in the last hour (ICMP 1)', { timeout: 30_000 });
    await expect(agent.saturatedAlert).toContainText('--lane-icmp');
    await expect(agent.saturatedAlert).toContainText('Of these, 1 was a run for a private location');

    await dashboard.open();
    await expect(dashboard.agentSaturated).toContainText('skipped runs are not failures of their targets');
    await dashboard.agentLink.click();
    await expect(agent.lanes).toBeVisible();
    await expect(page).toHaveURL(/#\/agent$/);
    } finally {
      clearInterval(beat);
    }
  });
});
