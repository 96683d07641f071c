import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { channelName } from './channel-display';
import { alertSettingsLine, retryLine, type EffectiveAlerting } from './effective-alerting';

/** The channels a monitor's group subscribes (activated): they receive its alerts whatever the picker holds. */
export function groupChannelIds(effective: EffectiveAlerting | undefined): number[] {
  return (effective?.channels ?? []).filter((channel) => channel.from.includes('group')).map((channel) => channel.alertChannelId);
}

/** The form's group as the preview query wants it: a number, or null for no group. */
export function groupIdOf(value: unknown): number | null {
  const id = Number(value);
  return value === null || value === undefined || value === '' || !Number.isInteger(id) || id <= 0 ? null : id;
}

export function useEffectiveAlertingPreview(checkId: string | undefined, groupId: number | null) {
  const trpc = useTRPC();
  return useQuery(trpc.alerts.effectiveForCheck.queryOptions(checkId ? { checkId, groupId } : { groupId }));
}

/**
 * Under a monitor form's channel picker: what its group (as chosen in the form) adds to and overrides
 * in its alerting, so "no channel" on the monitor is not read as "no alert".
 */
export function InheritedAlertingNote({ effective }: { effective: EffectiveAlerting | undefined }) {
  const trpc = useTRPC();
  const channels = useQuery(trpc.alertChannels.list.queryOptions({ limit: 100, page: 1 }));
  if (!effective) return null;
  const byId = new Map((channels.data?.items ?? []).map((channel) => [channel.id, channel]));
  const names = groupChannelIds(effective).map((id) => {
    const channel = byId.get(id);
    return channel ? channelName(channel) : `Channel ${id}`;
  });
  const group = effective.group;
  return (
    <Stack gap={2} aria-live="polite">
      {group && (
        <Text size="sm">
          {names.length > 0
            ? `Its group “${group.name}” also sends its alerts to: ${names.join(', ')}.`
            : `Its group “${group.name}” subscribes no alert channel.`}
        </Text>
      )}
      <Text size="sm">Alert settings: {alertSettingsLine(effective)}.</Text>
      <Text size="sm">Retries: {retryLine(effective)}.</Text>
    </Stack>
  );
}
