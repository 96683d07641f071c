import { describe, expect, it } from 'vitest';
import { alertSettingsText, effectiveAlertSettingsText } from '../../src-shared/rules/alert-settings-text';

describe('alertSettingsText', () => {
  it('says when an alert goes out and how often it reminds', () => {
    expect(alertSettingsText({ escalationType: 'RUN_BASED', runBasedEscalation: { failedRunThreshold: 2 }, reminders: { amount: 3, interval: 10 } })).toBe(
      'alert after 2 failed runs, remind every 10 min up to 3 times',
    );
    expect(alertSettingsText({ escalationType: 'RUN_BASED', runBasedEscalation: { failedRunThreshold: 1 }, reminders: { amount: 0, interval: 5 } })).toBe(
      'alert on the first failed run, no reminders',
    );
    expect(alertSettingsText({ escalationType: 'TIME_BASED', timeBasedEscalation: { minutesFailingThreshold: 15 }, reminders: { amount: 100000, interval: 30 } })).toBe(
      'alert after 15 min failing, remind every 30 min until it recovers',
    );
    expect(alertSettingsText({ reminders: { amount: 1, interval: 5 }, parallelRunFailureThreshold: { enabled: true, percentage: 50 } })).toBe(
      'alert on the first failed run, remind once after 5 min, only when 50% of locations fail',
    );
  });

  it('fills in the defaults for what is missing', () => {
    expect(alertSettingsText(null)).toBe('alert on the first failed run, no reminders');
    expect(alertSettingsText({ escalationType: 'TIME_BASED' })).toBe('alert after 5 min failing, no reminders');
  });

  it("names the account's settings when those apply", () => {
    const account = { runBasedEscalation: { failedRunThreshold: 3 } };
    expect(effectiveAlertSettingsText(true, { runBasedEscalation: { failedRunThreshold: 1 } }, account)).toBe("alert after 3 failed runs, no reminders (the account's settings)");
    expect(effectiveAlertSettingsText(false, { runBasedEscalation: { failedRunThreshold: 1 } }, account)).toBe('alert on the first failed run, no reminders');
  });
});
