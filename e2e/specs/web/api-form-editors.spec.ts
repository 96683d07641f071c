import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { restGet } from '../../fixtures/rest';
import { expect, test } from '../../fixtures/server';
import { blockingViolations } from '../../tools/axe';
import { openConnected, toast } from '../../pages/console';
import { HttpCheckForm } from '../../pages/http-check-form';

/**
 * Issue 33 item 6: the API form's variables, setup script, regex and the assertion builder over the
 * response "Send now" got, against a real local target that answers only a request built right: the
 * path and token from the variables, the header the setup script sets.
 */
let target: Server;
let base = '';
const TOKEN = 's3cret-token-81';

test.beforeAll(async () => {
  target = createServer((req, res) => {
    if (req.headers['x-token'] !== TOKEN) {
      res.writeHead(401, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: 'token required' }));
    }
    // The scripted path answers only the header the setup script sets.
    const known = req.url === '/v2/health' || (req.url === '/v2/scripted' && req.headers['x-from'] === 'setup');
    if (!known) {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ error: `no ${req.url} here (x-from: ${String(req.headers['x-from'])})` }));
    }
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'x-shop': 'eu-1' });
    res.end(JSON.stringify({ status: 'up', build: { version: '1.4.2', 'git sha': 'a1b2' }, regions: ['eu', 'us'], maintenance: null }));
  });
  await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => target.close(() => resolve()));
});

/** Fills the form with a request the target accepts. */
async function fillWorkingRequest(form: HttpCheckForm): Promise<void> {
  await form.field('Name').fill('Shop health');
  await form.field('URL').fill(`${base}/v2/health`);
  await form.addHeader('x-token', TOKEN);
}

test('Send now uses the check\'s variables (a secret one too) and runs its setup script; the secret is never shown; a save keeps both', async ({ page, server, request }) => {
  test.setTimeout(120_000);
  const form = new HttpCheckForm(page, 'New API check');
  await openConnected(page, server, '/monitors/new-api');
  // {{VERSION}} in the URL, {{TOKEN}} (a secret) in a header, and the header only the setup script sets.
  await form.field('Name').fill('Shop health');
  await form.field('URL').fill(`${base}/{{VERSION}}/scripted`);
  await form.addHeader('x-token', '{{TOKEN}}');
  await form.addVariable('VERSION', 'v2');
  await form.addVariable('TOKEN', TOKEN, true);
  await form.addScript('Setup script', ["request.headers['x-from'] = 'setup'", "console.log('setup ran for', request.url)"]);
  await form.sendNowButton.click();
  const panel = form.sendNowResult;
  // The first script of a server starts its warm script runtime: as long as a multi-step run once may take.
  await expect(panel.locator('[data-status]')).toHaveText('Passed', { timeout: 60_000 });
  await expect(panel.getByRole('listitem', { name: 'Status' })).toContainText('200');
  await expect(panel.getByRole('region', { name: 'Setup script log' })).toContainText(`setup ran for ${base}/v2/scripted`);
  await expect(panel).not.toContainText(TOKEN);
  expect(await blockingViolations(page)).toEqual([]);

  await form.createButton.click();
  await expect(toast(page, 'Monitor created')).toBeVisible();
  type StoredCheck = { environmentVariables: { key: string; secret: boolean }[]; localSetupScript: string; request: { url: string; headers: { key: string; value: string }[] } };
  const [stored] = await restGet<StoredCheck[]>(request, server, '/v1/checks');
  expect(stored.environmentVariables.map((variable) => [variable.key, variable.secret])).toEqual([
    ['VERSION', false],
    ['TOKEN', true],
  ]);
  expect(JSON.stringify(stored)).not.toContain(TOKEN);
  expect(stored.localSetupScript).toContain("request.headers['x-from'] = 'setup'");
  expect(stored.request.headers).toEqual([{ key: 'x-token', value: '{{TOKEN}}', locked: false }]);
  expect(stored.request.url).toBe(`${base}/{{VERSION}}/scripted`);
});

test('assertions come from the response in one click: its status, a time bound, a header, a JSON value clicked in the body; sent again, they all pass', async ({ page, server }) => {
  const form = new HttpCheckForm(page, 'New API check');
  await openConnected(page, server, '/monitors/new-api');
  await fillWorkingRequest(form);
  await form.sendNowButton.click();
  const panel = form.sendNowResult;
  await expect(panel.locator('[data-status]')).toHaveText('Passed');

  const builder = panel.getByRole('group', { name: 'Assert this response' });
  // The form's first assertion already says "status is 200".
  await expect(builder.getByRole('button', { name: '✓ Status is 200' })).toBeDisabled();
  await builder.getByRole('button', { name: /^\+ Response time under \d+ ms$/ }).click();
  await panel.getByRole('button', { name: 'Assert header x-shop equals eu-1' }).click();
  const body = panel.getByRole('region', { name: 'Response body' });
  await expect(body).toContainText('"version": "1.4.2"');
  await body.getByRole('button', { name: 'Assert $.build.version equals "1.4.2"' }).click();
  await body.getByRole('button', { name: `Assert $.build['git sha'] equals "a1b2"` }).click();
  await body.getByRole('button', { name: 'Assert $.regions[1] equals "us"' }).click();
  await body.getByRole('button', { name: 'Assert $.maintenance is null' }).click();
  await expect(body.getByRole('button', { name: 'Asserted: $.build.version equals "1.4.2"' })).toBeDisabled();

  await expect(form.assertions.source(2)).toHaveValue('Response time');
  await expect(form.assertions.source(3)).toHaveValue('Headers');
  await expect(form.assertions.property(3)).toHaveValue('x-shop');
  await expect(form.assertions.target(3)).toHaveValue('eu-1');
  await expect(form.assertions.property(4)).toHaveValue('$.build.version');
  await expect(form.assertions.target(4)).toHaveValue('1.4.2');
  await expect(form.assertions.property(5)).toHaveValue("$.build['git sha']");
  await expect(form.assertions.property(6)).toHaveValue('$.regions[1]');
  await expect(form.assertions.comparison(7)).toHaveValue('is null');

  await form.sendNowButton.click();
  await expect(panel.locator('[data-status]')).toHaveText('Passed');
  const table = panel.getByRole('table', { name: 'Assertions' });
  await expect(table.getByRole('row')).toHaveCount(8);
  await expect(table).not.toContainText('Failed');
  expect(await blockingViolations(page)).toEqual([]);
});

test('a header assertion takes a regex: its group is compared, and a wrong target fails with what it got', async ({ page, server }) => {
  const form = new HttpCheckForm(page, 'New API check');
  await openConnected(page, server, '/monitors/new-api');
  await fillWorkingRequest(form);
  await form.assertions.add({ source: 'Headers', property: 'content-type', comparison: 'equals', target: 'latin1' });
  await form.form.getByRole('textbox', { name: 'Assertion 2 regex' }).fill('charset=(\\S+)');
  await form.sendNowButton.click();
  const failing = form.sendNowResult.getByRole('region', { name: 'Failing assertions' });
  await expect(form.sendNowResult.locator('[data-status]')).toHaveText('Failed');
  await expect(failing).toContainText('Expected latin1, got utf-8');

  await form.assertions.set(2, { target: 'utf-8' });
  await form.sendNowButton.click();
  await expect(form.sendNowResult.locator('[data-status]')).toHaveText('Passed');

  await form.form.getByRole('textbox', { name: 'Assertion 2 regex' }).fill('charset=(');
  await form.createButton.click();
  await expect(form.form.getByRole('textbox', { name: 'Assertion 2 regex' })).toHaveAccessibleDescription(/not a valid regular expression/);
});
