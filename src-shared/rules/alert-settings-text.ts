/**
 * Alert settings as one sentence, for the monitor and group pages: "alert after 2 failed runs,
 * remind every 10 min up to 3 times". Pure and lenient: it reads whatever the API stored (members may be
 * missing) and fills in the defaults the alert engine uses.
 */
export interface AlertSettingsLike {
  escalationType?: string | null;
  runBasedEscalation?: { failedRunThreshold?: number | null } | null;
  timeBasedEscalation?: { minutesFailingThreshold?: number | null } | null;
  reminders?: { amount?: number | null; interval?: number | null } | null;
  parallelRunFailureThreshold?: { enabled?: boolean | null; percentage?: number | null } | null;
}

/** The public API's "remind forever". */
export const UNLIMITED_REMINDERS = 100000;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function escalation(settings: AlertSettingsLike): string {
  if (settings.escalationType === 'TIME_BASED') {
    const minutes = settings.timeBasedEscalation?.minutesFailingThreshold ?? 5;
    return `alert after ${minutes} min failing`;
  }
  const runs = settings.runBasedEscalation?.failedRunThreshold ?? 1;
  return runs === 1 ? 'alert on the first failed run' : `alert after ${plural(runs, 'failed run')}`;
}

function reminders(settings: AlertSettingsLike): string {
  const amount = settings.reminders?.amount ?? 0;
  const interval = settings.reminders?.interval ?? 5;
  if (amount <= 0) return 'no reminders';
  if (amount >= UNLIMITED_REMINDERS) return `remind every ${interval} min until it recovers`;
  if (amount === 1) return `remind once after ${interval} min`;
  return `remind every ${interval} min up to ${amount} times`;
}

function parallel(settings: AlertSettingsLike): string | null {
  const threshold = settings.parallelRunFailureThreshold;
  if (!threshold?.enabled) return null;
  return `only when ${threshold.percentage ?? 10}% of locations fail`;
}

/** "alert after 2 failed runs, remind every 10 min up to 3 times" (lower case: it reads on after a label or a lead-in). */
export function alertSettingsText(settings: AlertSettingsLike | null | undefined): string {
  const value = settings ?? {};
  return [escalation(value), reminders(value), parallel(value)].filter((part): part is string => part !== null).join(', ');
}

/** What a monitor or group alerts by: its own settings, or the account's when it uses them. */
export function effectiveAlertSettingsText(useGlobal: boolean | null | undefined, own: AlertSettingsLike | null | undefined, account: AlertSettingsLike | null | undefined): string {
  return useGlobal === false ? alertSettingsText(own) : `${alertSettingsText(account)} (the account's settings)`;
}

/** The same with a capital first letter, for a value standing on its own ("Alert after 2 failed runs, …"). */
export function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
