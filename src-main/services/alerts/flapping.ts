import type { AlertDecision, AlertState, RunAlertType, RunVerdict } from '../../../src-shared/rules/alerting';
import { changesIn, nextFlapState, type FlapSettings } from '../../../src-shared/rules/flapping';

export interface FlapDecision {
  decision: AlertDecision;
  /** What the message says instead of the run's own error, when flapping starts or ends. */
  note: string | null;
}

const SETTLED: Record<RunVerdict, { alert: RunAlertType; alerted: AlertState['alerted']; word: string }> = {
  FAIL: { alert: 'ALERT_FAILURE', alerted: 'FAILURE', word: 'failing' },
  DEGRADED: { alert: 'ALERT_DEGRADED', alerted: 'DEGRADED', word: 'degraded' },
  PASS: { alert: 'ALERT_RECOVERY', alerted: 'NONE', word: 'passing' },
};

/** The streaks count on; what was sent stays as it was. */
function silent(previous: AlertState, decided: AlertState): AlertState {
  return { ...decided, alerted: previous.alerted, remindersSent: previous.remindersSent, lastAlertAt: previous.lastAlertAt };
}

/**
 * Flap damping over the escalation rules' decision: when the check starts flapping, one
 * ALERT_FLAPPING replaces this run's alert; while it flaps, nothing is sent; once its last runs
 * agree, one alert of the state it settled in (failure, degradation or recovery), whatever was sent before.
 */
export function applyFlapping(previous: AlertState, decided: AlertDecision, verdict: RunVerdict, settings: FlapSettings, at: number, error: string | null): FlapDecision {
  const { flap, change } = nextFlapState(previous.flap, verdict, settings, at);
  if (change === 'started') {
    const window = flap.history.slice(-settings.windowRuns);
    const note = `The check is flapping: its state changed ${changesIn(window)} times in its last ${window.length} runs. No more notifications until its last ${settings.stableRuns} runs agree.`;
    return { decision: { state: { ...silent(previous, decided.state), flap }, alert: 'ALERT_FLAPPING' }, note };
  }
  if (change === 'stopped') {
    const settled = SETTLED[verdict];
    const note = `Stopped flapping: ${settled.word} for ${settings.stableRuns} runs in a row.${error ? ` ${error}` : ''}`;
    return { decision: { state: { ...decided.state, alerted: settled.alerted, remindersSent: 0, lastAlertAt: at, flap }, alert: settled.alert }, note };
  }
  if (flap.flapping) return { decision: { state: { ...silent(previous, decided.state), flap }, alert: null }, note: null };
  return { decision: { state: { ...decided.state, flap }, alert: decided.alert }, note: null };
}
