import { lastClosedHour, seedPastResults, seedRollup } from '../../fixtures/history';
import { createFailingIcmpCheck, restPost, runToCompletion } from '../../fixtures/rest';
import { expect, sharedServerTest as test } from '../../fixtures/server';
import { AlertChannelPicker } from '../../pages/alert-channel-picker';
import { openConnected } from '../../pages/console';
import { MonitorDetailPage } from '../../pages/monitor-detail-page';

const MINUTE = 60_000;

/** "Failing for" as the console words a span: "12 min", "1 h 5 min". */
function elapsedText(ms: number): string {
  const minutes = Math.floor(ms / MINUTE);
  const hours = Math.floor(minutes / 60);
  return [hours && `${hours} h`, minutes % 60 && `${minutes % 60} min`].filter(Boolean).join(' ');
}

// Issue 31's blockers: what an on-call engineer acts on. One server for the file; each test makes its own names.
test.describe('the console tells the truth', () => {
  test('"Failing for" on a monitor page counts from its first failing run, also once that run\'s hour is rolled up', async ({ page, server, request }) => {
    const check = await createFailingIcmpCheck(request, server, 'Failing across the hour');
    await runToCompletion(request, server, check.id);
    // First failed 59 minutes into the newest closed hour, failing every minute since; that hour rolled up as the worker does.
    const hour = lastClosedHour();
    const firstFailure = hour + 59 * MINUTE;
    const minutesAgo = (Date.now() - firstFailure) / MINUTE;
    const past = [];
    for (let ago = minutesAgo; ago > 1; ago -= 1) past.push({ minutesAgo: ago, failed: true });
    seedPastResults(server, check.id, past);
    seedRollup(server, check.id, hour, { failed: 1 });

    const detail = new MonitorDetailPage(page, 'Failing across the hour');
    await openConnected(page, server, `/monitors/${check.id}`);
    await expect(detail.statusHeader).toContainText('Failing for');
    // Read twice around the clock's minute: the page's figure is one of the two, and never counted from the top of the hour.
    const before = elapsedText(Date.now() - firstFailure);
    const text = (await detail.statusHeader.getByText(/^Failing for /).textContent()) ?? '';
    const after = elapsedText(Date.now() - firstFailure);
    expect([`Failing for ${before}`, `Failing for ${after}`]).toContain(text);
    expect(text).not.toBe(`Failing for ${elapsedText(Date.now() - hour)}`);
  });

  test("a monitor in a group with a channel and a retry: its page, its edit form and the group's page say where alerts go and which retry runs", async ({ page, server, request }) => {
    const channel = await restPost<{ id: number }>(request, server, '/v1/alert-channels', { type: 'EMAIL', config: { address: 'group-oncall@example.test' } });
    const group = await restPost<{ id: number }>(request, server, '/v2/check-groups?autoAssignAlerts=false', {
      name: 'Alerting core',
      alertChannelSubscriptions: [{ alertChannelId: channel.id, activated: true }],
      retryStrategy: { type: 'FIXED', baseBackoffSeconds: 29, maxRetries: 1, maxDurationSeconds: 600, sameRegion: true },
    });
    const check = await restPost<{ id: string }>(request, server, '/v1/checks/icmp?autoAssignAlerts=false', {
      name: 'Grouped ping',
      groupId: group.id,
      request: { hostname: '127.0.0.1' },
      retryStrategy: { type: 'SINGLE_RETRY', baseBackoffSeconds: 0 },
    });

    const detail = new MonitorDetailPage(page, 'Grouped ping');
    await openConnected(page, server, `/monitors/${check.id}`);
    await expect(detail.subscribedChannels()).toHaveText(['Email: group-oncall@example.test — subscribed by its group “Alerting core”']);
    await expect(page.getByRole('main')).not.toContainText('No alert channel is subscribed');
    await expect(detail.setting('Retries')).toHaveText('Retry up to 1 time, 29 s apart, within 10 min, from the same location — from its group “Alerting core”');
    await expect(detail.setting('Alerts')).toHaveText('Alert on the first failed run, no reminders — from its group “Alerting core”');

    await page.goto(`/#/monitors/${check.id}/edit`);
    const form = page.getByRole('form', { name: 'Edit ICMP monitor' });
    const picker = new AlertChannelPicker(page, form);
    await expect(picker.input).toHaveAttribute('placeholder', "None of its own: its group's channel alerts");
    await expect(form.getByText('Its group “Alerting core” also sends its alerts to: Email: group-oncall@example.test.')).toBeVisible();
    await expect(form.getByText(/^Retries: Retry up to 1 time, 29 s apart.*from its group “Alerting core”\.$/)).toBeVisible();
    // Taking it out of the group (not saved yet) previews its own retry and no channel.
    await form.getByRole('button', { name: 'No group', exact: true }).click();
    await expect(picker.input).toHaveAttribute('placeholder', 'None: no alert is sent');
    await expect(form.getByText(/^Retries: Retry once after 0 s.*this monitor's own\.$/)).toBeVisible();

    await page.goto(`/#/groups/${group.id}`);
    await expect(page.getByRole('list', { name: "The group's alert channels" }).getByRole('listitem')).toHaveText(['Email: group-oncall@example.test']);
  });
});
