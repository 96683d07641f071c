import type { AlertChannelSubscription } from '../../../src-shared/schemas/check-common';

/** A monitor's or group's channels as its form edits them: the ones that alert, and every stored subscription. */
export interface ChannelPickerValues {
  /** Channel ids (as text, for the MultiSelect) whose subscription is active. */
  alertChannelIds: string[];
  /** Every channel the stored monitor or group has a subscription to, active or paused. */
  storedAlertChannelIds: string[];
  /**
   * A new monitor or group: the console's create subscribes it to every channel of the account, so the
   * form starts with all of them chosen (once they are loaded) and sends the ones taken out as paused.
   */
  chooseAllChannels: boolean;
}

export const INITIAL_CHANNEL_PICKER_VALUES: ChannelPickerValues = { alertChannelIds: [], storedAlertChannelIds: [], chooseAllChannels: true };

/** What the picker needs of the form around it (a @mantine/form form whose values include these). */
export interface ChannelPickerForm {
  values: ChannelPickerValues;
  setValues: (values: Partial<ChannelPickerValues>) => void;
  setFieldValue(path: 'alertChannelIds' | 'storedAlertChannelIds', value: string[]): void;
  setFieldValue(path: 'chooseAllChannels', value: boolean): void;
}

function subscriptionsOf(value: unknown): { id: string; activated: boolean }[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((raw: unknown) => {
    if (!raw || typeof raw !== 'object') return [];
    const item = raw as Record<string, unknown>;
    return typeof item.alertChannelId === 'number' ? [{ id: String(item.alertChannelId), activated: item.activated !== false }] : [];
  });
}

export function channelPickerValuesOf(stored: unknown): ChannelPickerValues {
  const items = subscriptionsOf(stored);
  return { alertChannelIds: items.filter((item) => item.activated).map((item) => item.id), storedAlertChannelIds: items.map((item) => item.id), chooseAllChannels: false };
}

/**
 * The body's subscriptions: a chosen channel is active; a stored one taken out is paused rather than
 * dropped, so a check PUT (which keeps subscriptions it does not name) and a group PUT (which replaces
 * them) both end with the same channels alerting.
 */
export function toSubscriptions(values: Omit<ChannelPickerValues, 'chooseAllChannels'>): AlertChannelSubscription[] {
  const chosen = new Set(values.alertChannelIds);
  const ids = [...new Set([...values.alertChannelIds, ...values.storedAlertChannelIds])];
  return ids.map((id) => ({ alertChannelId: Number(id), activated: chosen.has(id) }));
}
