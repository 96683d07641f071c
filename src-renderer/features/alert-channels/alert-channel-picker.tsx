import { MultiSelect } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTRPC } from '../../lib/trpc';
import { channelName } from './channel-display';
import type { ChannelPickerForm } from './subscription-picker-model';

interface AlertChannelPickerProps {
  form: ChannelPickerForm;
  error?: string;
  description: string;
  /** Channels the monitor's group sends its alerts to: with none of its own, alerts still go there. */
  inheritedCount?: number;
}

function emptyText(noChannels: boolean, inheritedCount: number): string {
  if (inheritedCount > 0) return `None of its own: its group's ${inheritedCount === 1 ? 'channel alerts' : `${inheritedCount} channels alert`}`;
  return noChannels ? 'No alert channel exists yet' : 'None: no alert is sent';
}

/** Picks the alert channels a monitor or group alerts through, by their names; the same subscriptions the channel page edits. */
export function AlertChannelPicker({ form, error, description, inheritedCount = 0 }: AlertChannelPickerProps) {
  const trpc = useTRPC();
  const channels = useQuery(trpc.alertChannels.list.queryOptions({ limit: 100, page: 1 }));
  const items = channels.data?.items;
  const { chooseAllChannels, alertChannelIds: selected } = form.values;
  useEffect(() => {
    if (!chooseAllChannels || !items) return;
    const ids = items.map((channel) => String(channel.id));
    // Field by field: Mantine's setValues clears every error of the form, so channels arriving after a
    // submit took away the marks it had just put on the invalid fields (and the focus they explain).
    form.setFieldValue('alertChannelIds', ids);
    form.setFieldValue('storedAlertChannelIds', ids);
    form.setFieldValue('chooseAllChannels', false);
  }, [chooseAllChannels, items, form]);
  const known = new Set((items ?? []).map((channel) => String(channel.id)));
  const data = [
    ...(items ?? []).map((channel) => ({ value: String(channel.id), label: channelName(channel) })),
    ...selected.filter((id) => !known.has(id)).map((id) => ({ value: id, label: `Channel ${id}` })),
  ];
  return (
    <MultiSelect
      label="Alert channels"
      description={channels.isError ? 'Alert channels could not be loaded; reload the page to pick them.' : description}
      placeholder={selected.length === 0 ? emptyText(items?.length === 0, inheritedCount) : undefined}
      data={data}
      searchable
      clearable
      nothingFoundMessage="No channel with that name"
      value={selected}
      onChange={(ids) => form.setValues({ alertChannelIds: ids })}
      error={error}
    />
  );
}
