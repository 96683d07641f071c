/**
 * The one table of human names for the API's enum values and member names the console shows
 * ("MULTI_STEP" → "Multi-step", "ipFamily" → "IP family"). Anything missing falls back to a
 * readable form of the raw name, never the raw name itself.
 */
const LABELS: Readonly<Record<string, string>> = {
  // Check types
  AGENTIC: 'Agentic',
  API: 'API',
  BROWSER: 'Browser',
  HEARTBEAT: 'Heartbeat',
  ICMP: 'ICMP',
  MULTI_STEP: 'Multi-step',
  TCP: 'TCP',
  PLAYWRIGHT: 'Playwright',
  TRACEROUTE: 'Traceroute',
  URL: 'URL',
  DNS: 'DNS',
  SSL: 'SSL',
  GRPC: 'gRPC',
  // Alert channels and webhook kinds
  EMAIL: 'Email',
  SLACK: 'Slack (webhook)',
  SLACK_APP: 'Slack app',
  WEBHOOK: 'Webhook',
  SMS: 'SMS',
  CALL: 'Phone call',
  PAGERDUTY: 'PagerDuty',
  OPSGENIE: 'Opsgenie',
  WEBHOOK_GENERIC: 'Webhook',
  WEBHOOK_MSTEAMS: 'Microsoft Teams',
  WEBHOOK_TELEGRAM: 'Telegram',
  WEBHOOK_DISCORD: 'Discord',
  WEBHOOK_FIREHYDRANT: 'FireHydrant',
  WEBHOOK_GITLAB_ALERT: 'GitLab alert',
  WEBHOOK_SPIKESH: 'Spike.sh',
  WEBHOOK_SPLUNK: 'Splunk',
  WEBHOOK_INCIDENTIO: 'incident.io',
  // Themes, retries, escalation, results
  AUTO: 'Automatic',
  LIGHT: 'Light',
  DARK: 'Dark',
  FALLBACK: "Each check's own",
  FIXED: 'Fixed',
  LINEAR: 'Linear',
  EXPONENTIAL: 'Exponential',
  SINGLE_RETRY: 'Single retry',
  RUN_BASED: 'By failed runs',
  TIME_BASED: 'By time failing',
  FINAL: 'Final',
  ATTEMPT: 'Attempt (retried)',
  // Incident severities
  CRITICAL: 'Critical outage',
  MAJOR: 'Major outage',
  MEDIUM: 'Partial outage',
  MINOR: 'Minor issue',
  // Assertions
  LATENCY: 'Latency',
  JSON_RESPONSE: 'JSON response',
  JSON_BODY: 'JSON body',
  TEXT_BODY: 'Text body',
  STATUS_CODE: 'Status code',
  RESPONSE_TIME: 'Response time',
  HOP_COUNT: 'Hop count',
  PACKET_LOSS: 'Packet loss',
  EQUALS: 'equals',
  NOT_EQUALS: 'does not equal',
  IS_EMPTY: 'is empty',
  NOT_EMPTY: 'is not empty',
  GREATER_THAN: 'greater than',
  LESS_THAN: 'less than',
  CONTAINS: 'contains',
  NOT_CONTAINS: 'does not contain',
  IS_NULL: 'is null',
  NOT_NULL: 'is not null',
  avg: 'average',
  min: 'minimum',
  max: 'maximum',
  stdDev: 'standard deviation',
  // Monitoring as code: the CLI's resource types, what a deploy did, a deployment's status
  check: 'Check',
  'check-group': 'Check group',
  'alert-channel': 'Alert channel',
  'alert-channel-subscription': 'Alert subscription',
  'status-page': 'Status page',
  'status-page-service': 'Status page service',
  'maintenance-window': 'Maintenance window',
  'private-location': 'Private location',
  'private-location-check-assignment': 'Private location of a check',
  'private-location-group-assignment': 'Private location of a group',
  dashboard: 'Dashboard',
  CREATE: 'Created',
  UPDATE: 'Updated',
  DELETE: 'Deleted',
  DETACHED: 'Detached',
  UNCHANGED: 'Unchanged',
  REFUSED: 'Refused',
  IN_PROGRESS: 'In progress',
  SUCCEEDED: 'Succeeded',
  FAILED: 'Failed',
  CANCELLED: 'Cancelled',
  // Request members
  hostname: 'Hostname',
  ipFamily: 'IP family',
  pingCount: 'Ping count',
  url: 'Target',
  protocol: 'Protocol',
  port: 'Port',
  maxHops: 'Max hops',
  maxUnknownHops: 'Max unknown hops',
  ptrLookup: 'Resolve hop names',
  timeout: 'Timeout (s)',
};

/** "SOME_VALUE" → "Some value", "someMember" → "Some member". */
function readable(raw: string): string {
  const words = raw.includes('_') ? raw.toLowerCase().split('_') : raw.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().split(' ');
  const text = words.filter(Boolean).join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function humanLabel(raw: string | null | undefined): string {
  if (raw === null || raw === undefined || raw === '') return '—';
  return LABELS[raw] ?? readable(raw);
}

/** Select options for a list of enum values, labelled from the table. */
export function labelledOptions(values: readonly string[]): { value: string; label: string }[] {
  return values.map((value) => ({ value, label: humanLabel(value) }));
}
