import { ASSERTION_COMPARISONS } from '../../../src-shared/enums';
import { TRACEROUTE_COMPARISONS } from '../../../src-shared/schemas/traceroute-monitor';

/** One assertion row as the form edits it; `regex` is shown for sources whose spec offers it and kept for the others, so a save does not drop it. */
export interface AssertionItem {
  source: string;
  comparison: string;
  property: string;
  target: string;
  regex: string | null;
}

/**
 * What a source reads: a latency statistic, a JSON path into the result, a property picked from a list
 * (an SSL certificate's `daysUntilExpiry`), free text (a header's name), or nothing (a single number).
 */
export type PropertyKind = 'statistic' | 'path' | 'choice' | 'text' | 'none';

export interface AssertionSourceSpec {
  source: string;
  property: PropertyKind;
  comparisons: readonly string[];
  /** The target's unit, said after the field ("ms", "%"). */
  unit?: string;
  /** The properties a 'choice' source offers. */
  properties?: readonly string[];
  /** Comparisons that depend on the property (SSL's grammar); `comparisons` otherwise. */
  comparisonsFor?: (property: string) => readonly string[];
  /** The property field's placeholder for 'path' and 'text'. */
  placeholder?: string;
  /** The row offers a regex whose first group (or whole match) is compared instead of the value (API checks: a header, the body, a JSON value). */
  regex?: boolean;
}

/** The comparisons a row may use, given its source and property. */
export function comparisonsOf(spec: AssertionSourceSpec | undefined, property: string): readonly string[] {
  if (!spec) return [];
  return spec.comparisonsFor?.(property) ?? spec.comparisons;
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
  const property = spec.property === 'statistic' ? 'avg' : spec.property === 'choice' ? (spec.properties?.[0] ?? '') : '';
  return { source: spec.source, comparison: comparisonsOf(spec, property)[0] ?? 'EQUALS', property, target: '', regex: '' };
}

/** A row after its property changed: a comparison the new property does not take becomes its first. */
export function withProperty(item: AssertionItem, spec: AssertionSourceSpec | undefined, property: string): AssertionItem {
  const comparisons = comparisonsOf(spec, property);
  return { ...item, property, comparison: comparisons.includes(item.comparison) ? item.comparison : (comparisons[0] ?? item.comparison) };
}

/** A row after its source changed: the property and comparison must make sense for the new source. */
export function withSource(item: AssertionItem, spec: AssertionSourceSpec): AssertionItem {
  const fresh = newAssertion(spec);
  const property =
    spec.property === 'statistic' && !(LATENCY_STATISTICS as readonly string[]).includes(item.property)
      ? fresh.property
      : spec.property === 'choice' && !(spec.properties ?? []).includes(item.property)
        ? fresh.property
        : spec.property === 'none'
          ? ''
          : item.property;
  const comparisons = comparisonsOf(spec, property);
  return { ...item, source: spec.source, property, comparison: comparisons.includes(item.comparison) ? item.comparison : (comparisons[0] ?? fresh.comparison) };
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
    for (const member of ['source', 'property', 'comparison', 'target', 'regex']) labels[`assertions.${i}.${member}`] = `Assertion ${i + 1} ${member}`;
  }
  return labels;
}
