import { FREQUENCIES } from '../../../src-shared/enums';

function plural(n: number, unit: string): string {
  return n === 1 ? `${unit}` : `${n} ${unit}s`;
}

/** "Every 10 minutes", for the form's choices. Frequency is in minutes; 0 runs every 10, 20 or 30 seconds. */
export function frequencyLabel(frequency: number): string {
  if (frequency === 0) return 'Every 10–30 seconds';
  if (frequency < 60) return `Every ${plural(frequency, 'minute')}`;
  if (frequency < 1440) return `Every ${plural(frequency / 60, 'hour')}`;
  return `Every ${plural(frequency / 1440, 'day')}`;
}

/** "every 10 min", for dense tables. */
export function frequencyShort(frequency: number, frequencyOffset?: number | null): string {
  if (frequency === 0) return frequencyOffset ? `every ${frequencyOffset} s` : 'every 10–30 s';
  if (frequency < 60) return `every ${frequency} min`;
  return `every ${frequency / 60} h`;
}

export const FREQUENCY_OPTIONS = FREQUENCIES.map((frequency) => ({
  value: String(frequency),
  label: frequencyLabel(frequency),
}));
