import { alertTitle, digestOf, evidenceText, heldDownOf, resultUrl, statusWord } from './describe';
import type { AlertEvent, DeliverySettings } from './types';

/**
 * The variables a webhook's template, URL, headers and query parameters may use as `{{NAME}}`.
 * Names follow the public API's webhook variables; the console lists them with these descriptions.
 */
export const TEMPLATE_VARIABLES = [
  { name: 'ALERT_TITLE', description: 'Human-readable title', example: 'Check "Home page" has failed' },
  { name: 'ALERT_TYPE', description: 'Alert code: ALERT_FAILURE, ALERT_FAILURE_REMAIN, ALERT_FAILURE_DEGRADED, ALERT_DEGRADED, ALERT_DEGRADED_REMAIN, ALERT_DEGRADED_FAILURE, ALERT_DEGRADED_RECOVERY, ALERT_RECOVERY, ALERT_FLAPPING, TEST, the system notices AGENT_OFFLINE, AGENT_ONLINE, AGENT_UNREACHABLE and AGENT_REACHABLE, or DIGEST (the notifications over the channel’s budget, in one message)', example: 'ALERT_FAILURE' },
  { name: 'ALERT_STATUS', description: 'Short status: FAILED, STILL FAILING, DEGRADED, STILL DEGRADED, RECOVERED or TEST', example: 'FAILED' },
  { name: 'CHECK_ID', description: 'The check id (uuid)', example: '3f0e5a8e-0f7c-4b8e-9d6e-2a1b0c9d8e7f' },
  { name: 'CHECK_NAME', description: 'The check name', example: 'Home page' },
  { name: 'CHECK_TYPE', description: 'The check type', example: 'ICMP' },
  { name: 'CHECK_RESULT_ID', description: 'The id of the result that caused the alert (empty for a test)', example: '9b2c…' },
  { name: 'CHECK_ERROR_MESSAGE', description: 'The error of the failing result (empty when none)', example: '100% packet loss' },
  { name: 'ERROR_MESSAGE', description: 'Same as CHECK_ERROR_MESSAGE', example: '100% packet loss' },
  { name: 'EVIDENCE', description: 'Sightline extension: what the failing run showed, one fact a line: the failing assertion with expected and actual, the response status and the first lines of its body, or the certificate’s days left (empty when none)', example: 'Failing assertion: STATUS_CODE EQUALS 200: expected equal to 200, actual 500\nResponse: 500 Internal Server Error' },
  { name: 'RESPONSE_TIME', description: 'Response time in milliseconds (empty when unknown)', example: '1234' },
  { name: 'RUN_LOCATION', description: 'Where the check ran', example: 'eu-west-1' },
  { name: 'REGION', description: 'Same as RUN_LOCATION', example: 'eu-west-1' },
  { name: 'STARTED_AT', description: 'When the run started, ISO 8601', example: '2026-01-01T12:00:00.000Z' },
  { name: 'RESULT_LINK', description: 'Link to the result in the console', example: 'http://127.0.0.1:4310/#/monitors/…/results/…' },
  { name: 'TAGS', description: 'The check tags, comma-separated', example: 'production,api' },
  { name: 'GROUP_NAME', description: 'The check group name (empty when none)', example: 'Payments' },
  { name: 'ACCOUNT_ID', description: 'The account id', example: '…' },
  { name: 'EVENT_ID', description: 'Unique per notification and the same on every retry: use it to drop duplicates', example: '…' },
  { name: 'NOTIFICATION_ID', description: 'Same as EVENT_ID', example: '…' },
  { name: 'HELD_DOWN', description: 'Sightline extension: the dependent checks whose alerts this failure holds down (empty when none)', example: '20 dependent checks held down: API, Checkout, …' },
  { name: 'HELD_DOWN_COUNT', description: 'Sightline extension: how many dependent checks this failure holds down', example: '20' },
  { name: 'DIGEST', description: 'Sightline extension: in a DIGEST, every monitor it carries with its latest state (empty otherwise)', example: 'API: FAILED, Web: RECOVERED' },
  { name: 'DIGEST_COUNT', description: 'Sightline extension: how many monitors a DIGEST carries (0 otherwise)', example: '14' },
  { name: 'OCCURRED_AT', description: 'When the alert was raised, ISO 8601', example: '2026-01-01T12:00:05.000Z' },
  { name: 'TIMESTAMP', description: 'When this delivery attempt was sent, UNIX seconds (as in x-sightline-timestamp)', example: '1767268805' },
] as const;
export type TemplateVariable = (typeof TEMPLATE_VARIABLES)[number]['name'];

export type TemplateValues = Record<TemplateVariable, string>;

export function templateValues(event: AlertEvent, settings: DeliverySettings, now: Date): TemplateValues {
  const error = event.errorMessage ?? '';
  const location = event.runLocation ?? '';
  return {
    ALERT_TITLE: alertTitle(event),
    ALERT_TYPE: event.alertType,
    ALERT_STATUS: statusWord(event.alertType),
    CHECK_ID: event.checkId,
    CHECK_NAME: event.checkName,
    CHECK_TYPE: event.checkType,
    CHECK_RESULT_ID: event.checkResultId ?? '',
    CHECK_ERROR_MESSAGE: error,
    ERROR_MESSAGE: error,
    EVIDENCE: evidenceText(event) ?? '',
    RESPONSE_TIME: event.responseTime === null ? '' : String(Math.round(event.responseTime)),
    RUN_LOCATION: location,
    REGION: location,
    STARTED_AT: event.startedAt ?? '',
    RESULT_LINK: resultUrl(event, settings) ?? '',
    TAGS: event.tags.join(','),
    GROUP_NAME: event.groupName ?? '',
    ACCOUNT_ID: event.accountId,
    EVENT_ID: event.notificationId,
    NOTIFICATION_ID: event.notificationId,
    HELD_DOWN: heldDownOf(event) ?? '',
    HELD_DOWN_COUNT: String(event.heldDown?.count ?? 0),
    DIGEST: digestOf(event) ?? '',
    DIGEST_COUNT: String(event.digest?.count ?? 0),
    OCCURRED_AT: event.occurredAt,
    TIMESTAMP: String(Math.floor(now.getTime() / 1000)),
  };
}

/**
 * How a value is written into the text around it: `json` escapes it for use inside a JSON string
 * (so `"{{ERROR_MESSAGE}}"` stays valid JSON whatever the error says), `url` percent-encodes it,
 * `header` drops line breaks, `text` inserts it as is.
 */
export type TemplateContext = 'json' | 'url' | 'header' | 'text';

const ESCAPE: Record<TemplateContext, (value: string) => string> = {
  json: (value) => JSON.stringify(value).slice(1, -1),
  url: (value) => encodeURIComponent(value),
  header: (value) => value.replace(/[\r\n]+/g, ' '),
  text: (value) => value,
};

const PLACEHOLDER = /\{\{\s*([A-Z][A-Z0-9_]*)\s*\}\}/g;

/** Replaces known `{{NAME}}`s; unknown ones stay as written so a typo shows in what the receiver gets. */
export function renderTemplate(template: string, values: TemplateValues, context: TemplateContext): string {
  // The public CLI's preset templates (MSTeamsAlertChannel, TelegramAlertChannel, IncidentioAlertChannel) use Handlebars blocks.
  if (template.includes('{{#')) {
    const rendered = renderBlocks(template, values, context);
    if (rendered !== null) return rendered;
  }
  return template.replace(PLACEHOLDER, (whole, name: string) => (name in values ? ESCAPE[context](values[name as TemplateVariable]) : whole));
}

type TemplateNode = { text: string } | { name: string } | { helper: string; args: string; body: TemplateNode[]; otherwise: TemplateNode[] };

const TAG = /\{\{\{?~?\s*([^{}]*?)\s*~?\}?\}\}/g;
const HELPERS = new Set(['if', 'unless', 'each', 'contains']);

/** The template as a tree of text, variables and blocks; null when its blocks do not nest or use a helper Sightline does not know. */
function parseBlocks(template: string): TemplateNode[] | null {
  const root: TemplateNode[] = [];
  const stack: { helper: string; args: string; body: TemplateNode[]; otherwise: TemplateNode[]; inElse: boolean }[] = [];
  const target = () => {
    const top = stack.at(-1);
    return top ? (top.inElse ? top.otherwise : top.body) : root;
  };
  let last = 0;
  for (const match of template.matchAll(TAG)) {
    if (match.index > last) target().push({ text: template.slice(last, match.index) });
    last = match.index + match[0].length;
    const content = match[1] ?? '';
    if (content.startsWith('#')) {
      const [helper = '', ...rest] = content.slice(1).split(/\s+/);
      if (!HELPERS.has(helper)) return null;
      stack.push({ helper, args: rest.join(' '), body: [], otherwise: [], inElse: false });
    } else if (content.startsWith('/')) {
      const open = stack.pop();
      if (!open || open.helper !== content.slice(1).trim()) return null;
      target().push({ helper: open.helper, args: open.args, body: open.body, otherwise: open.otherwise });
    } else if (content === 'else') {
      const top = stack.at(-1);
      if (!top || top.inElse) return null;
      top.inElse = true;
    } else {
      target().push({ name: content });
    }
  }
  if (stack.length > 0) return null;
  if (last < template.length) target().push({ text: template.slice(last) });
  return root;
}

/**
 * A template with Handlebars blocks as the public CLI's presets write them: `{{#if NAME}}`,
 * `{{#unless NAME}}`, `{{else}}`, `{{#each TAGS}}` with `{{this}}` and `@first`/`@last`/`@index`,
 * `{{#contains NAME "text"}}`, and `{{{NAME}}}`. A variable Sightline does not have (the hosted
 * service's AI_ANALYSIS_*) is empty and false inside a block template. Null when it cannot be parsed.
 */
function renderBlocks(template: string, values: TemplateValues, context: TemplateContext): string | null {
  const tree = parseBlocks(template);
  if (!tree) return null;
  const escape = ESCAPE[context];
  const render = (nodes: TemplateNode[], locals: Record<string, string>): string =>
    nodes
      .map((node) => {
        if ('text' in node) return node.text;
        const valueOf = (name: string) => locals[name] ?? (name in values ? values[name as TemplateVariable] : '');
        if ('name' in node) return escape(valueOf(node.name));
        const [name = '', ...rest] = node.args.split(/\s+/);
        if (node.helper === 'each') {
          const items = valueOf(name).split(',').filter((item) => item !== '');
          if (items.length === 0) return render(node.otherwise, locals);
          return items.map((item, index) => render(node.body, { ...locals, this: item, '@index': String(index), '@first': index === 0 ? 'true' : '', '@last': index === items.length - 1 ? 'true' : '' })).join('');
        }
        const needle = rest.join(' ').replace(/^"(.*)"$/, '$1');
        const truthy = node.helper === 'contains' ? valueOf(name).includes(needle) : valueOf(name) !== '';
        return render((node.helper === 'unless' ? !truthy : truthy) ? node.body : node.otherwise, locals);
      })
      .join('');
  return render(tree, {});
}

/** A template whose text starts with `{` or `[` is a JSON body: values are JSON-escaped and it is sent as application/json. */
export function isJsonTemplate(template: string): boolean {
  return /^\s*[{[]/.test(template);
}

/** The body sent when a webhook has no template: every variable, numbers and tags typed. */
export function defaultWebhookBody(event: AlertEvent, values: TemplateValues): string {
  return JSON.stringify({ ...values, RESPONSE_TIME: event.responseTime, TAGS: event.tags });
}
