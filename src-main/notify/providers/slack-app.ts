import { trimText } from '../describe';
import { combineResults, rejected, RESULT_MAX_CHARS, sendHttp, type AnswerCheck } from '../http';
import { apiUrl } from '../settings';
import { slackMessage } from '../slack-message';
import type { DeliveryResult, Provider, SlackAppChannelConfig } from '../types';

/** Slack error codes that a later attempt may not meet; every other `ok: false` is a configuration problem. */
const TRANSIENT_ERRORS = new Set(['ratelimited', 'rate_limited', 'internal_error', 'fatal_error', 'service_unavailable', 'request_timeout']);

/** chat.postMessage answers HTTP 200 with `{ok: false, error}` when it refuses a message. */
const slackAnswer: AnswerCheck = (status, text) => {
  if (status < 200 || status >= 300) return null;
  let answer: unknown;
  try {
    answer = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof answer !== 'object' || answer === null || !('ok' in answer) || answer.ok !== false) return null;
  const code = 'error' in answer && typeof answer.error === 'string' ? answer.error : 'unknown_error';
  return { ok: false, status, notificationResult: trimText(text, RESULT_MAX_CHARS), retryable: TRANSIENT_ERRORS.has(code), error: `Slack refused the message: ${code}` };
};

/**
 * One chat.postMessage per channel. Slack has no idempotency key, so a retry of a partly failed
 * notification posts again to the channels that already got it; the result says which did.
 */
export const deliverSlackApp: Provider<SlackAppChannelConfig> = async (event, config, settings, deps) => {
  if (!settings.slackAppToken) return rejected('No Slack App token is set: add it in Settings → Notifications');
  if (config.slackChannels.length === 0) return rejected('The channel lists no Slack channels');
  const message = slackMessage(event, settings);
  const parts: { label: string; result: DeliveryResult }[] = [];
  for (const channel of config.slackChannels) {
    const result = await sendHttp(
      {
        url: apiUrl(settings.baseUrls.slackApp, '/chat.postMessage'),
        method: 'POST',
        headers: {
          authorization: `Bearer ${settings.slackAppToken}`,
          'content-type': 'application/json; charset=utf-8',
          'Idempotency-Key': `${event.notificationId}:${channel}`,
        },
        body: JSON.stringify({ channel, ...message }),
      },
      settings,
      deps,
      slackAnswer,
    );
    parts.push({ label: channel, result });
  }
  return parts.length === 1 ? parts[0].result : combineResults(parts);
};
