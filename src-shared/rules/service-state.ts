import type { SEVERITIES } from '../enums';

/** What a public status page says about a service, best first. */
export const SERVICE_STATES = ['OPERATIONAL', 'DEGRADED_PERFORMANCE', 'PARTIAL_OUTAGE', 'MAJOR_OUTAGE'] as const;
export type ServiceState = (typeof SERVICE_STATES)[number];

export const SERVICE_STATE_LABELS: Record<ServiceState, string> = {
  OPERATIONAL: 'Operational',
  DEGRADED_PERFORMANCE: 'Degraded performance',
  PARTIAL_OUTAGE: 'Partial outage',
  MAJOR_OUTAGE: 'Major outage',
};

/** The headline of a whole page in its worst state. */
export const PAGE_STATE_LABELS: Record<ServiceState, string> = {
  OPERATIONAL: 'All systems operational',
  DEGRADED_PERFORMANCE: 'Some systems have degraded performance',
  PARTIAL_OUTAGE: 'Partial outage',
  MAJOR_OUTAGE: 'Major outage',
};

/**
 * An open incident's severity as the impact on the services it names: never less than the console
 * calls it ("Major outage" is a major outage, "Partial outage" a partial one); the public page has
 * no state above a major outage, so a critical one is that too.
 */
export const SEVERITY_STATES: Record<(typeof SEVERITIES)[number], ServiceState> = {
  CRITICAL: 'MAJOR_OUTAGE',
  MAJOR: 'MAJOR_OUTAGE',
  MEDIUM: 'PARTIAL_OUTAGE',
  MINOR: 'DEGRADED_PERFORMANCE',
};

export function worstState(states: Iterable<ServiceState>): ServiceState {
  let worst = 0;
  for (const state of states) worst = Math.max(worst, SERVICE_STATES.indexOf(state));
  return SERVICE_STATES[worst];
}

/** The latest verdicts of a service's active checks: all failing is a major outage, some a partial one. */
export function stateOfChecks(verdicts: readonly ('passed' | 'degraded' | 'failed')[]): ServiceState {
  const failed = verdicts.filter((v) => v === 'failed').length;
  if (failed > 0) return failed === verdicts.length ? 'MAJOR_OUTAGE' : 'PARTIAL_OUTAGE';
  return verdicts.includes('degraded') ? 'DEGRADED_PERFORMANCE' : 'OPERATIONAL';
}

export const INCIDENT_PROGRESS_LABELS: Record<'INVESTIGATING' | 'IDENTIFIED' | 'MONITORING' | 'RESOLVED', string> = {
  INVESTIGATING: 'Investigating',
  IDENTIFIED: 'Identified',
  MONITORING: 'Monitoring',
  RESOLVED: 'Resolved',
};
