import { createFailingIcmpCheck, runToCompletion } from '../../fixtures/rest';
import { expect, test } from '../../fixtures/server';
import { openConnected, toast } from '../../pages/console';
import { IcmpMonitorEditForm } from '../../pages/icmp-monitor-edit-form';
import { MonitorDetailPage } from '../../pages/monitor-detail-page';

// Every target is loopback; the server runs checks only when asked (--no-scheduler).
test.describe('monitor dependencies', () => {
  test('the form picks a dependency by name; the dependent says its alerts are held down while the gateway fails', async ({ page, server, request }) => {
    const gateway = await createFailingIcmpCheck(request, server, 'Gateway');
    const api = await createFailingIcmpCheck(request, server, 'Checkout API');

    await openConnected(page, server, `/monitors/${api.id}/edit`);
    const edit = new IcmpMonitorEditForm(page);
    await edit.chooseDependency('Gateway');
    await edit.saveButton.click();
    await expect(toast(page, 'Monitor saved')).toBeVisible();

    await runToCompletion(request, server, gateway.id);
    await runToCompletion(request, server, api.id);
    const dependent = new MonitorDetailPage(page, 'Checkout API');
    await openConnected(page, server, `/monitors/${api.id}`);
    await expect(dependent.dependencies).toContainText('Alerts held down');
    await expect(dependent.dependencies).toContainText('suppressed: depends on "Gateway", which is failing');
    await expect(dependent.dependencies.getByRole('link', { name: 'Gateway' })).toBeVisible();

    await dependent.dependencies.getByRole('link', { name: 'Gateway' }).click();
    const held = new MonitorDetailPage(page, 'Gateway');
    await expect(held.dependencies).toContainText('1 monitor depends on this one (Checkout API)');
  });
});
