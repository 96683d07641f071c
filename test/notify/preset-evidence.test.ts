import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver } from '../../src-main/notify/deliver';
import { httpEvidence } from '../../src-shared/check-types/evidence';
import { WebhookConfig } from '../../src-shared/schemas/alert-channel';
import { cliCacheDir, ensureCli } from '../cli/harness';
import { alertEvent, deps, settings } from './fixtures';
import { startHttpReceiver, type HttpReceiver } from './receivers';

/**
 * Issue 33 item 7 for the webhook integrations the public CLI 8.23.2 writes (MSTeamsAlertChannel,
 * IncidentioAlertChannel, TelegramAlertChannel): their preset templates, read from the installed
 * CLI, use Handlebars blocks and no {{EVIDENCE}}; what reaches a receiver on 127.0.0.1 is a valid
 * message that names the failing assertion and shows the status and the first lines of the body.
 */
const body = ['{', '  "error": "database unavailable",', '  "code": 503,', '  "retry": true,', '  "trace": "a",', '  "line6": "never in an alert"', '}'].join('\n');
const evidence = httpEvidence({
  assertions: [{ source: 'STATUS_CODE', property: '', comparison: 'EQUALS', target: '200', actual: 500, passed: false }],
  response: { status: 500, statusText: 'Internal Server Error', body },
});
const event = alertEvent({ checkType: 'API', checkName: 'Orders API', errorMessage: 'assertion STATUS_CODE EQUALS 200 failed: actual 500', evidence, tags: ['api', 'prod'] });
const ASSERTION = 'Failing assertion: STATUS_CODE EQUALS 200: expected equal to 200, actual 500';

interface Presets {
  teams: string;
  incidentio: string;
  telegram: string;
}

async function cliPresets(): Promise<Presets> {
  await ensureCli();
  const constructs = join(cliCacheDir(), 'node_modules', 'checkly', 'dist', 'constructs');
  const load = async (file: string, name: string) => ((await import(pathToFileURL(join(constructs, file)).href)) as Record<string, { DEFAULT_PAYLOAD: string }>)[name]?.DEFAULT_PAYLOAD ?? '';
  return {
    teams: await load('msteams-alert-channel.js', 'MSTeamsAlertChannel'),
    incidentio: await load('incidentio-alert-channel.js', 'IncidentioAlertChannel'),
    telegram: await load('telegram-alert-channel.js', 'TelegramAlertChannel'),
  };
}

describe('the public CLI’s webhook presets carry the evidence', () => {
  let http: HttpReceiver;
  let presets: Presets;
  beforeAll(async () => {
    http = await startHttpReceiver();
    presets = await cliPresets();
  });
  afterAll(async () => {
    await http.close();
  });

  async function send(path: string, config: Record<string, unknown>, alert = event): Promise<string> {
    const outcome = await deliver({ type: 'WEBHOOK', config: WebhookConfig.parse({ name: path, url: `${http.url}/${path}`, ...config }) }, alert, settings(), deps);
    expect(outcome.ok, JSON.stringify(outcome)).toBe(true);
    return http.requests.filter((r) => r.path === `/${path}`).at(-1)?.body ?? '';
  }

  it('MS Teams: a valid adaptive card with the title, the tags and a text block of the evidence', async () => {
    expect(presets.teams).toContain('{{#if GROUP_NAME}}');
    const card = JSON.parse(await send('teams', { webhookType: 'WEBHOOK_MSTEAMS', template: presets.teams })) as { attachments: { content: { body: unknown[] } }[] };
    const text = JSON.stringify(card);
    expect(text).toContain('Check \\"Orders API\\" has failed');
    expect(text).toContain('Group: Public site');
    expect(text).toMatch(/Tags: +api +, +prod/);
    expect(text).not.toContain('{{');
    const blocks = card.attachments[0]?.content.body as { type: string; text?: string }[];
    const last = blocks.at(-1);
    expect(last?.type).toBe('TextBlock');
    expect(last?.text).toContain(ASSERTION);
    expect(last?.text).toContain('Response: 500 Internal Server Error');
    expect(last?.text).toContain('"error": "database unavailable"');
    expect(last?.text).not.toContain('never in an alert');
  });

  it('incident.io: firing with the evidence in the description and metadata; a recovery resolves and has none', async () => {
    const incident = JSON.parse(await send('incidentio', { webhookType: 'WEBHOOK_INCIDENTIO', template: presets.incidentio })) as { status: string; description: string; metadata: Record<string, string> };
    expect(incident.status).toBe('firing');
    expect(incident.description).toContain('Check "Orders API" has failed at 2026-03-01T12:00:00.000Z in eu-west-1 1234ms');
    expect(incident.description).toContain(ASSERTION);
    expect(incident.metadata.evidence).toContain('Response: 500 Internal Server Error');
    expect(incident.metadata.alertType).toBe('ALERT_FAILURE');
    const recovery = JSON.parse(await send('incidentio', { webhookType: 'WEBHOOK_INCIDENTIO', template: presets.incidentio }, alertEvent({ alertType: 'ALERT_RECOVERY', checkType: 'API', errorMessage: null }))) as { status: string; metadata: Record<string, string> };
    expect(recovery.status).toBe('resolved');
    expect(recovery.metadata.evidence).toBeUndefined();
  });

  it('Telegram: the text field ends with the evidence in <pre>', async () => {
    const form = new URLSearchParams(await send('telegram', { webhookType: 'WEBHOOK_TELEGRAM', template: `chat_id=42&parse_mode=HTML&text=${presets.telegram}` }));
    expect(form.get('chat_id')).toBe('42');
    const text = form.get('text') ?? '';
    expect(text).toContain('<b>Check "Orders API" has failed</b> at eu-west-1 (1234ms)');
    expect(text).not.toContain('{{');
    expect(text).toMatch(/<pre>Failing assertion: STATUS_CODE EQUALS 200: expected equal to 200, actual 500\nResponse: 500 Internal Server Error\nBody: \{\n {2}"error": "database unavailable",[^]*<\/pre>$/);
  });

  it('a template of the user’s own is sent as written: {{EVIDENCE}} is theirs to place', async () => {
    expect(await send('own', { template: '{"title":"{{ALERT_TITLE}}"}' })).toBe('{"title":"Check \\"Orders API\\" has failed"}');
    expect(JSON.parse(await send('own', { webhookType: 'WEBHOOK_MSTEAMS', template: '{"text":"{{EVIDENCE}}"}' }))).toEqual({ text: evidence.map((l) => `${l.label}: ${l.value}`).join('\n') });
  });
});
