import { sendHttp } from '../http';
import { slackMessage } from '../slack-message';
import type { Provider, SlackChannelConfig } from '../types';

/** Incoming webhook: POST the message JSON to the channel's URL; Slack answers `ok` or an error word. */
export const deliverSlack: Provider<SlackChannelConfig> = async (event, config, settings, deps) => {
  const message = { ...slackMessage(event, settings), ...(config.channel ? { channel: config.channel } : {}) };
  return sendHttp(
    {
      url: config.url,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Idempotency-Key': event.notificationId },
      body: JSON.stringify(message),
    },
    settings,
    deps,
  );
};
