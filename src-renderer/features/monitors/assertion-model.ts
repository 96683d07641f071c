import { ASSERTION_COMPARISONS } from '../../../src-shared/enums';
import { TRACEROUTE_COMPARISONS } from '../../../src-shared/schemas/traceroute-monitor';

/** One assertion row as the form edits it; `regex` is not shown but kept, so a save does not drop it. */
export interface AssertionItem {
  source: string;
  comparison: string;
  property: string;
  target: string;
  regex: string | null;
}

/** What a source reads: a latency statistic, a JSON path into the result, or nothing (a single number). */
export type PropertyKind = 'statistic' | 'path' | 'none';

export interface AssertionSourceSpec {
  source: string;
  property: PropertyKind;
  comparisons: readonly string[];
  /** The target's unit, said after the field ("ms", "%"). */
  unit?: string;
}

/** The statistics the executors read for LATENCY and RESPONSE_TIME (runner/executors/icmp.ts, traceroute.ts). */
export const LATENCY_STATISTICS = ['avg', 'min', 'max', 'stdDev'] as const;

const NUMERIC_COMPARISONS = ['LESS_THAN', 'GREATER_THAN', 'EQUALS', 'NOT_EQUALS'] as const;

export const ICMP_ASSERTION_SOURCES: readonly AssertionSourceSpec[] = [
  { source: 'LATENCY', property: 'statistic', comparisons: NUMERIC_COMPARISONS, unit: 'ms' },
  { source: 'JSON_RESPONSE', property: 'path', comparisons: ASSERTION_COMPARISONS },
];

export const TRACEROUTE_ASSERTION_SOURCES: readonly AssertionSourceSpec[] = [
  { source: 'RESPONSE_TIME', property: 'statistic', comparisons: TRACEROUTE_COMPARISONS, unit: 'ms' },
  { source: 'HOP_COUNT', property: 'none', comparisons: TRACEROUTE_COMPARISONS },
  { source: 'PACKET_LOSS', property: 'none', comparisons: TRACEROUTE_COMPARISONS, unit: '%' },
];

/** Comparisons that test the value alone, with no target. */
export const NO_TARGET_COMPARISONS: readonly string[] = ['IS_EMPTY', 'NOT_EMPTY', 'IS_NULL', 'NOT_NULL'];

export function newAssertion(spec: AssertionSourceSpec): AssertionItem {
  return { source: spec.source, comparison: spec.comparisons[0] ?? 'EQUALS', property: spec.property === 'statistic' ? 'avg' : '', target: '', regex: '' };
}

/** A row after its source changed: the property and comparison must make sense for the new source. */
export function withSource(item: AssertionItem, spec: AssertionSourceSpec): AssertionItem {
  const fresh = newAssertion(spec);
  return {
    ...item,
    source: spec.source,
    comparison: spec.comparisons.includes(item.comparison) ? item.comparison : fresh.comparison,
    property: spec.property === 'statistic' && !(LATENCY_STATISTICS as readonly string[]).includes(item.property) ? fresh.property : spec.property === 'none' ? '' : item.property,
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '');

/** Stored assertions (already parsed by the check's schema) as rows. */
export function assertionItemsOf(stored: readonly { source: string; comparison: string; property?: string; target?: string; regex?: string | null }[] | undefined): AssertionItem[] {
  return (stored ?? []).map((a) => ({ source: a.source, comparison: a.comparison, property: text(a.property), target: text(a.target), regex: a.regex ?? '' }));
}

/** Rows as the request's `assertions`; the caller's schema narrows source and comparison. */
export function toAssertionBodies<S extends string, C extends string>(items: readonly AssertionItem[]) {
  return items.map((item) => ({
    source: item.source as S,
    comparison: item.comparison as C,
    property: item.property.trim(),
    target: NO_TARGET_COMPARISONS.includes(item.comparison) ? '' : item.target.trim(),
    regex: item.regex,
  }));
}

/** Labels for the schema's assertion paths, so a message names the row and member ("Assertion 2 target must …"). */
export function assertionLabels(count: number): Record<string, string> {
  const labels: Record<string, string> = {};
  for (let i = 0; i < count; i++) {
    for (const member of ['source', 'property', 'comparison', 'target']) labels[`assertions.${i}.${member}`] = `Assertion ${i + 1} ${member}`;
  }
  return labels;
}
