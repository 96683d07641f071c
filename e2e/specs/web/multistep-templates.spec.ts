import { startLoginApi, type LoginApi } from '../../fixtures/login-api';
import { restPost, runToCompletion } from '../../fixtures/rest';
import { expect, test } from '../../fixtures/server';
import { openConnected, toast } from '../../pages/console';
import { MonitorDetailPage } from '../../pages/monitor-detail-page';
import { MonitorsPage } from '../../pages/monitors-page';
import { MultiStepCheckForm } from '../../pages/multistep-check-form';
import { ResultDetailPage } from '../../pages/result-detail-page';
import { viewSessionLink } from '../../pages/run-progress';
import { SessionDetailPage } from '../../pages/session-detail-page';
import { blockingViolations } from '../../tools/axe';

// A call's time in whole ms, as measured: under one reads "< 1 ms".
const TIME = /^(< 1 ms|\d+(\.\d+)? (µs|ms|s))$/;

// Every call goes to an API on loopback started by the test; the server runs no schedule.
test.describe('multi-step checks from a template, and the requests of their runs', () => {
  let api: LoginApi;
  test.beforeEach(async () => {
    api = await startLoginApi();
  });
  test.afterEach(async () => {
    await api.close();
  });

  test('"Log in, then call": created without Playwright knowledge, run, its calls shown; a failing call is marked', async ({ page, server }) => {
    const form = new MultiStepCheckForm(page);
    const monitors = new MonitorsPage(page);
    const detail = new MonitorDetailPage(page, 'Orders API login');
    const session = new SessionDetailPage(page);
    const result = new ResultDetailPage(page);

    await openConnected(page, server, '/monitors/new-multistep');
    await form.name.fill('Orders API login');
    await form.startFromTemplate('Log in, then call');
    await expect(form.script).toContainText('process.env.API_PASSWORD');
    await expect(form.form.getByRole('textbox', { name: 'Variable 1 name' })).toHaveValue('API_BASE');
    await expect(form.form.getByRole('textbox', { name: 'Variable 3 name' })).toHaveValue('API_PASSWORD');
    await expect(form.variableSecret(3)).toBeChecked();

    // An edited script is not replaced without asking.
    await form.appendToScript('// our login flow');
    await form.startFromTemplate('One request');
    await expect(form.replaceScriptDialog).toBeVisible();
    await form.replaceScriptDialog.getByRole('button', { name: 'Keep my script' }).click();
    await expect(form.script).toContainText('// our login flow');
    await expect(form.startFrom.getByRole('radio', { name: 'Log in, then call' })).toBeChecked();

    // The template's variables must be filled in before it is saved.
    await form.createButton.click();
    await expect(form.variableValue(3)).toHaveAccessibleDescription(/Fill in API_PASSWORD: the script reads it/);
    await form.variableValue(1).fill(api.base);
    await form.variableValue(2).fill(api.user);
    await form.variableValue(3).fill(api.password);
    await form.createButton.click();
    await expect(toast(page, 'Monitor created')).toBeVisible();

    await monitors.openMonitor('Orders API login');
    await detail.runNowButton.click();
    await expect(detail.runProgress).toContainText('Passed', { timeout: 60_000 });
    await viewSessionLink(detail.runProgress).click();
    await session.openResult('FINAL');
    await expect(result.heading('Orders API login')).toBeVisible();
    await expect(result.runtime).toContainText('Ran on the warm runtime');
    const title = 'log in, then call';
    await expect(result.step(title, 'log in')).toContainText('✓ log in');
    const calls = result.requestRows(title);
    await expect(calls).toHaveCount(2);
    await expect(calls.nth(0).getByRole('cell')).toHaveText(['1', 'POST', `${api.base}/login`, '200', TIME, '26 B', 'Show']);
    await expect(calls.nth(1).getByRole('cell')).toHaveText(['2', 'GET', `${api.base}/me`, '200', TIME, '14 B', 'Show']);
    await expect(result.page.getByRole('main')).not.toContainText(api.password);
    expect(await blockingViolations(page)).toEqual([]);

    // The API's backend goes down: the call is marked failed with its status, and so is its step.
    api.breakCall();
    await page.goto('/#/monitors');
    await monitors.openMonitor('Orders API login');
    await expect(detail.heading).toBeVisible();
    await detail.runNowButton.click();
    await expect(detail.runProgress).toContainText('Failed', { timeout: 60_000 });
    await viewSessionLink(detail.runProgress).click();
    await session.openResult('FINAL');
    await expect(result.test(title)).toContainText('failed');
    // The failed call comes first; # keeps the order the test made them in.
    await expect(calls.nth(0).getByRole('cell')).toHaveText(['2', '✗ GET', `${api.base}/me`, '503', TIME, '31 B', 'Hide']);
    await expect(calls.nth(1).getByRole('cell')).toHaveText(['1', 'POST', `${api.base}/login`, '200', TIME, '26 B', 'Show']);
    await expect(result.step(title, 'call with the token')).toContainText('✗ call with the token');
    await expect(result.test(title)).toContainText('GET /me answers 200');
    expect(await blockingViolations(page)).toEqual([]);
  });

  test('failing tests come first, and the page says when a test or the log reached what a result keeps', async ({ page, server, request }) => {
    const script = [
      "import { test, expect } from '@playwright/test';",
      "test('busy flow', async ({ request }) => {",
      '  for (let i = 0; i < 60; i++) await request.get(process.env.API_BASE + "/items/" + i);',
      '  for (let i = 0; i < 250; i++) console.log("line " + i);',
      '});',
      "test('short flow', async ({ request }) => {",
      '  await request.get(process.env.API_BASE + "/items/1");',
      '});',
      "test('broken flow', async ({ request }) => {",
      '  const response = await request.get(process.env.API_BASE + "/missing");',
      '  expect(response.status()).toBe(200);',
      '});',
    ].join('\n');
    const check = await restPost<{ id: string }>(request, server, '/v1/checks/multistep', {
      name: 'Busy API',
      script,
      environmentVariables: [{ key: 'API_BASE', value: api.base }],
    });
    const session = await runToCompletion(request, server, check.id);
    expect(session.status).toBe('FAILED');

    const sessionPage = new SessionDetailPage(page);
    const result = new ResultDetailPage(page);
    await openConnected(page, server, `/sessions/${session.checkSessionId}`);
    await sessionPage.openResult('FINAL');
    await expect(result.heading('Busy API')).toBeVisible();
    await expect(result.tests).toHaveCount(3);
    await expect(result.tests.nth(0)).toHaveAccessibleName('Test broken flow');
    await expect(result.tests.nth(1)).toHaveAccessibleName('Test busy flow');
    await expect(result.tests.nth(2)).toHaveAccessibleName('Test short flow');
    await expect(result.requestRows('broken flow').getByRole('cell')).toHaveText(['1', '✗ GET', `${api.base}/missing`, '404', TIME, '21 B', 'Hide']);

    await expect(result.requestRows('busy flow')).toHaveCount(50);
    await expect(result.test('busy flow')).toContainText('The first 50 requests are shown: a result keeps at most 50 per test.');
    await expect(result.test('short flow')).not.toContainText('requests are shown');
    await expect(result.jobLog).toContainText('line 199');
    await expect(result.jobLog).not.toContainText('line 200');
    await expect(result.page.getByRole('main')).toContainText('The log keeps the first 200 lines of a run.');
  });
});
