import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../src-main/core/clock';
import {
  INITIAL_ALERT_STATE,
  nextAlertState,
  runVerdict,
  type AlertRules,
  type AlertState,
  type LocationOutcome,
  type RunAlertType,
  type RunVerdict,
} from '../../src-shared/rules/alerting';
import { MAX_DELIVERY_ATTEMPTS, notificationWindow, retryDelayMs } from '../../src-shared/rules/notifications';

const MINUTE = 60_000;

/** Feeds verdicts one per `everyMs`, returning the alert raised by each run (null for none). */
function play(rules: AlertRules, verdicts: RunVerdict[], everyMs = MINUTE, clock = new ManualClock()): (RunAlertType | null)[] {
  let state: AlertState = INITIAL_ALERT_STATE;
  return verdicts.map((verdict) => {
    const decision = nextAlertState(state, verdict, rules, clock.now().getTime());
    state = decision.state;
    clock.advance(everyMs);
    return decision.alert;
  });
}

describe('RUN_BASED escalation', () => {
  it('alerts on the first failure with the default threshold 1, recovers once', () => {
    expect(play({}, ['PASS', 'FAIL', 'FAIL', 'PASS', 'PASS'])).toEqual([null, 'ALERT_FAILURE', null, 'ALERT_RECOVERY', null]);
  });

  it.each([1, 2, 3, 4, 5])('alerts after exactly %i consecutive failed runs', (threshold) => {
    const rules: AlertRules = { escalationType: 'RUN_BASED', runBasedEscalation: { failedRunThreshold: threshold } };
    const alerts = play(rules, Array<RunVerdict>(6).fill('FAIL'));
    expect(alerts.indexOf('ALERT_FAILURE')).toBe(threshold - 1);
    expect(alerts.filter((a) => a !== null)).toEqual(['ALERT_FAILURE']);
  });

  it('a passing run resets the streak, and no recovery is sent without an alert', () => {
    const rules: AlertRules = { runBasedEscalation: { failedRunThreshold: 3 } };
    expect(play(rules, ['FAIL', 'FAIL', 'PASS', 'FAIL', 'FAIL', 'PASS'])).toEqual([null, null, null, null, null, null]);
  });
});

describe('TIME_BASED escalation', () => {
  it.each([5, 10, 15, 30])('alerts once the check has failed continuously for %i minutes', (minutes) => {
    const rules: AlertRules = { escalationType: 'TIME_BASED', timeBasedEscalation: { minutesFailingThreshold: minutes } };
    const alerts = play(rules, Array<RunVerdict>(40).fill('FAIL'), MINUTE);
    // Runs at t = 0, 1, 2 ... minutes: the run at t = minutes is the first with minutes of failure behind it.
    expect(alerts.indexOf('ALERT_FAILURE')).toBe(minutes);
  });

  it('a run one millisecond short of the threshold does not alert', () => {
    const rules: AlertRules = { escalationType: 'TIME_BASED', timeBasedEscalation: { minutesFailingThreshold: 5 } };
    expect(play(rules, ['FAIL', 'FAIL'], 5 * MINUTE - 1)).toEqual([null, null]);
    expect(play(rules, ['FAIL', 'FAIL'], 5 * MINUTE)).toEqual([null, 'ALERT_FAILURE']);
  });

  it('a passing run restarts the clock', () => {
    const rules: AlertRules = { escalationType: 'TIME_BASED', timeBasedEscalation: { minutesFailingThreshold: 5 } };
    // Runs every 2 minutes: 4 minutes of failure, a pass, then failures from t = 8 min alert at t = 14 min.
    expect(play(rules, ['FAIL', 'FAIL', 'FAIL', 'PASS', 'FAIL', 'FAIL', 'FAIL', 'FAIL'], 2 * MINUTE)).toEqual([null, null, null, null, null, null, null, 'ALERT_FAILURE']);
  });
});

describe('reminders', () => {
  it('sends `amount` reminders every `interval` minutes while failing, then stops', () => {
    const rules: AlertRules = { reminders: { amount: 2, interval: 5 } };
    const alerts = play(rules, Array<RunVerdict>(20).fill('FAIL'), MINUTE);
    expect(alerts.map((a, i) => (a ? `${i}:${a}` : null)).filter(Boolean)).toEqual(['0:ALERT_FAILURE', '5:ALERT_FAILURE_REMAIN', '10:ALERT_FAILURE_REMAIN']);
  });

  it('amount 100000 reminds until the check recovers', () => {
    const rules: AlertRules = { reminders: { amount: 100000, interval: 1 } };
    const alerts = play(rules, [...Array<RunVerdict>(30).fill('FAIL'), 'PASS', 'FAIL']);
    expect(alerts.slice(1, 30).every((a) => a === 'ALERT_FAILURE_REMAIN')).toBe(true);
    expect(alerts.slice(30)).toEqual(['ALERT_RECOVERY', 'ALERT_FAILURE']);
  });

  it('amount 0 never reminds; reminders count again after a recovery', () => {
    expect(play({ reminders: { amount: 0, interval: 1 } }, ['FAIL', 'FAIL', 'FAIL'])).toEqual(['ALERT_FAILURE', null, null]);
    const rules: AlertRules = { reminders: { amount: 1, interval: 1 } };
    expect(play(rules, ['FAIL', 'FAIL', 'FAIL', 'PASS', 'FAIL', 'FAIL', 'FAIL'])).toEqual([
      'ALERT_FAILURE',
      'ALERT_FAILURE_REMAIN',
      null,
      'ALERT_RECOVERY',
      'ALERT_FAILURE',
      'ALERT_FAILURE_REMAIN',
      null,
    ]);
  });
});

describe('degradation', () => {
  it('degraded, still degraded, failed, degraded again, recovered', () => {
    const rules: AlertRules = { reminders: { amount: 1, interval: 1 } };
    expect(play(rules, ['DEGRADED', 'DEGRADED', 'FAIL', 'DEGRADED', 'PASS'])).toEqual([
      'ALERT_DEGRADED',
      'ALERT_DEGRADED_REMAIN',
      'ALERT_DEGRADED_FAILURE',
      'ALERT_FAILURE_DEGRADED',
      'ALERT_DEGRADED_RECOVERY',
    ]);
  });

  it('degradation escalates with the same threshold', () => {
    expect(play({ runBasedEscalation: { failedRunThreshold: 2 } }, ['DEGRADED', 'DEGRADED', 'PASS'])).toEqual([null, 'ALERT_DEGRADED', 'ALERT_DEGRADED_RECOVERY']);
  });
});

describe('parallel runs', () => {
  const outcomes = (failed: number, total: number): LocationOutcome[] =>
    Array.from({ length: total }, (_, i) => ({ location: `loc-${i}`, failed: i < failed, degraded: false, skipped: false }));
  const threshold = (percentage: number): AlertRules => ({ parallelRunFailureThreshold: { enabled: true, percentage } });

  it('without a threshold any failing location fails the run', () => {
    expect(runVerdict(outcomes(1, 10), {}, true)).toBe('FAIL');
    expect(runVerdict(outcomes(0, 10), {}, true)).toBe('PASS');
  });

  it('with a threshold the run fails only when at least `percentage` % of locations fail', () => {
    expect(runVerdict(outcomes(4, 10), threshold(50), true)).toBe('PASS');
    expect(runVerdict(outcomes(5, 10), threshold(50), true)).toBe('FAIL');
    expect(runVerdict(outcomes(1, 3), threshold(40), true)).toBe('PASS');
    expect(runVerdict(outcomes(2, 3), threshold(40), true)).toBe('FAIL');
    expect(runVerdict(outcomes(3, 3), threshold(100), true)).toBe('FAIL');
    expect(runVerdict(outcomes(2, 3), threshold(100), true)).toBe('PASS');
  });

  it('the threshold applies only to parallel runs; skipped locations do not count', () => {
    expect(runVerdict(outcomes(1, 10), threshold(50), false)).toBe('FAIL');
    const withSkipped = [...outcomes(1, 2), { location: 'x', failed: false, degraded: false, skipped: true }];
    expect(runVerdict(withSkipped, threshold(50), true)).toBe('FAIL');
    expect(runVerdict([{ location: 'x', failed: false, degraded: false, skipped: true }], {}, false)).toBeNull();
  });

  it('drives escalation: 2 of 4 locations failing with a 50 % threshold alerts, 1 of 4 does not', () => {
    const rules = threshold(50);
    let state = INITIAL_ALERT_STATE;
    const one = nextAlertState(state, runVerdict(outcomes(1, 4), rules, true) ?? 'PASS', rules, 0);
    expect(one.alert).toBeNull();
    state = one.state;
    expect(nextAlertState(state, runVerdict(outcomes(2, 4), rules, true) ?? 'PASS', rules, MINUTE).alert).toBe('ALERT_FAILURE');
  });
});

describe('the 24-hour listing window', () => {
  const DAY = 86_400;
  const now = 1_800_000_000;
  it('both given: exactly 24 h apart is fine, one second more is not', () => {
    expect(notificationWindow(now - DAY, now, now)).toEqual({ ok: true, from: now - DAY, to: now });
    expect(notificationWindow(now - DAY - 1, now, now)).toMatchObject({ ok: false });
  });
  it('only to, only from, neither', () => {
    expect(notificationWindow(undefined, now, now + 99)).toEqual({ ok: true, from: now - DAY, to: now });
    expect(notificationWindow(now, undefined, now + 99)).toEqual({ ok: true, from: now, to: now + DAY });
    expect(notificationWindow(undefined, undefined, now)).toEqual({ ok: true, from: now - DAY, to: now });
  });
});

describe('delivery retries', () => {
  it('waits 10 s, 30 s, 2 min, 10 min, then gives up after 5 attempts', () => {
    expect([1, 2, 3, 4, 5].map(retryDelayMs)).toEqual([10_000, 30_000, 120_000, 600_000, null]);
    expect(MAX_DELIVERY_ATTEMPTS).toBe(5);
  });
});
