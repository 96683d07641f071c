import { List } from '@mantine/core';
import type { ReactNode } from 'react';
import { capitalized, effectiveAlertSettingsText, type AlertSettingsLike } from '../../../src-shared/rules/alert-settings-text';
import { retryStrategyText, type RetryStrategyLike } from '../../../src-shared/rules/retry-strategy-text';
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
 * their human names, assertions, alerting and retries as sentences rather than JSON.
 */
export function monitorSettingsFields(data: Check, accountAlerts: AlertSettingsLike | undefined): { label: string; value: unknown }[] {
  const request = data.request && typeof data.request === 'object' ? (data.request as Record<string, unknown>) : {};
  const alerts = effectiveAlertSettingsText(data.useGlobalAlertSettings as boolean | undefined, data.alertSettings as AlertSettingsLike | null, accountAlerts);
  return [
    ...Object.entries(request)
      .filter(([key]) => key !== 'assertions')
      .map(([key, value]) => ({ label: humanLabel(key), value })),
    ...('assertions' in request ? [{ label: 'Assertions', value: assertionsValue(request.assertions) }] : []),
    ...PLAIN_FIELDS.filter(([key]) => key in data).map(([key, label]) => ({ label, value: data[key] })),
    { label: 'Alerts', value: capitalized(alerts) },
    { label: 'Retries', value: capitalized(retryStrategyText(data.retryStrategy as RetryStrategyLike | null, data.doubleCheck === true)) },
    { label: 'Description', value: data.description },
  ];
}
