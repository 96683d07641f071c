import { ALERT_CHANNEL_TYPES, type AlertChannelType } from '../../../src-shared/schemas/alert-channel';
import { humanLabel } from '../../lib/labels';
import type { RouterOutputs } from '../../lib/trpc';

export type AlertChannelItem = RouterOutputs['alertChannels']['list']['items'][number];

export const CHANNEL_TYPE_LABELS = Object.fromEntries(ALERT_CHANNEL_TYPES.map((type) => [type, humanLabel(type)])) as Record<AlertChannelType, string>;

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** One line saying where a channel delivers: an address, URL, number or service. */
export function channelTarget(channel: { type: AlertChannelType; config: Record<string, unknown> }): string {
  const c = channel.config;
  switch (channel.type) {
    case 'EMAIL':
      return text(c.address) ?? '—';
    case 'SLACK':
      return [text(c.channel), text(c.url)].filter(Boolean).join(' · ') || '—';
    case 'SLACK_APP':
      return Array.isArray(c.slackChannels) ? c.slackChannels.join(', ') : '—';
    case 'WEBHOOK':
      return `${text(c.method) ?? 'POST'} ${text(c.url) ?? ''}`.trim();
    case 'SMS':
    case 'CALL':
      return [text(c.name), text(c.number)].filter(Boolean).join(' · ') || '—';
    case 'PAGERDUTY':
      return text(c.serviceName) ?? text(c.account) ?? 'service key set';
    case 'OPSGENIE':
      return [text(c.name), text(c.region), text(c.priority)].filter(Boolean).join(' · ') || '—';
  }
}

/** A short name for pickers and lists: the config's name where it has one, else the target. */
export function channelName(channel: { id: number; type: AlertChannelType; config: Record<string, unknown> }): string {
  const named = text(channel.config.name);
  return `${CHANNEL_TYPE_LABELS[channel.type]}: ${named ?? channelTarget(channel)}`;
}
