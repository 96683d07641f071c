import { humanLabel } from '../../lib/labels';
import { NO_TARGET_COMPARISONS } from './assertion-model';

const UNITS: Readonly<Record<string, string>> = { LATENCY: ' ms', RESPONSE_TIME: ' ms', PACKET_LOSS: '%' };

/** "Latency (average) less than 100 ms": one stored assertion as the settings table shows it. */
export function assertionText(raw: unknown): string {
  if (!raw || typeof raw !== 'object') return '—';
  const a = raw as Record<string, unknown>;
  const source = typeof a.source === 'string' ? a.source : '';
  const comparison = typeof a.comparison === 'string' ? a.comparison : '';
  const property = typeof a.property === 'string' && a.property !== '' ? a.property : null;
  const what = property ? `${humanLabel(source)} (${source === 'JSON_RESPONSE' ? property : humanLabel(property)})` : humanLabel(source);
  if (NO_TARGET_COMPARISONS.includes(comparison)) return `${what} ${humanLabel(comparison)}`;
  const target = typeof a.target === 'string' || typeof a.target === 'number' ? String(a.target) : '';
  return `${what} ${humanLabel(comparison)} ${target}${UNITS[source] ?? ''}`;
}
