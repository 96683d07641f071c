import { List } from '@mantine/core';
import type { ReactNode } from 'react';
import { alertSettingsLine, retryLine, type EffectiveAlerting } from '../alert-channels/effective-alerting';
import { humanLabel } from '../../lib/labels';
import { assertionText } from './assertion-text';

type Check = Record<string, unknown>;

/** Settings shown as they are stored (a switch, a number, a list of names), in this order. */
const PLAIN_FIELDS: readonly [string, string][] = [
  ['muted', 'Muted'],
  ['tags', 'Tags'],
  ['locations', 'Public locations'],
  ['privateLocations', 'Private locations'],
  ['doubleCheck', 'Double check'],
  ['shouldFail', 'Should fail'],
  ['runParallel', 'Run in parallel'],
  ['degradedResponseTime', 'Degraded after (ms)'],
  ['maxResponseTime', 'Failed after (ms)'],
  ['degradedPacketLossThreshold', 'Degraded at packet loss (%)'],
  ['maxPacketLossThreshold', 'Failed at packet loss (%)'],
];

function assertionsValue(assertions: unknown): ReactNode {
  if (!Array.isArray(assertions) || assertions.length === 0) return null;
  return (
    <List size="sm" spacing={2} aria-label="Assertions">
      {assertions.map((assertion, index) => (
        <List.Item key={index}>{assertionText(assertion)}</List.Item>
      ))}
    </List>
  );
}

/**
 * The rows of a monitor's settings table after its type, frequency and group: request members by
 * their human names, assertions, and the alerting and retries that apply (its group's or the
 * account's when they win over its own) as sentences saying where they come from.
 */
export function monitorSettingsFields(data: Check, effective: EffectiveAlerting | undefined): { label: string; value: unknown }[] {
  const stored = data.request && typeof data.request === 'object' ? (data.request as Record<string, unknown>) : {};
  // An SSL monitor's request holds its sslConfig (hostname, port, serverName…): shown as rows of their own.
  const { sslConfig, ...rest } = stored;
  const request = sslConfig && typeof sslConfig === 'object' ? { ...(sslConfig as Record<string, unknown>), ...rest } : stored;
  return [
    ...Object.entries(request)
      .filter(([key]) => key !== 'assertions')
      .map(([key, value]) => ({ label: humanLabel(key), value })),
    ...('assertions' in request ? [{ label: 'Assertions', value: assertionsValue(request.assertions) }] : []),
    ...PLAIN_FIELDS.filter(([key]) => key in data).map(([key, label]) => ({ label, value: data[key] })),
    { label: 'Alerts', value: effective ? alertSettingsLine(effective) : null },
    { label: 'Retries', value: effective ? retryLine(effective) : null },
    { label: 'Description', value: data.description },
  ];
}
