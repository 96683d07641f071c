import { trimText } from './describe';
import { RESULT_MAX_CHARS } from './http';
import { createSmtpTransport, emailMessageId, fromSmtpError, replyCode } from './providers/email';
import type { SubscriberMessage } from './subscriber-email';
import type { DeliveryResult, DeliverySettings, ProviderDeps } from './types';

/** Sends one subscriber mail through the SMTP server of Settings; SMTP failures come back as results. */
export async function sendSubscriberMail(mailId: string, to: string, message: SubscriberMessage, settings: DeliverySettings, deps: Pick<ProviderDeps, 'now'>): Promise<DeliveryResult> {
  const transport = createSmtpTransport(settings);
  try {
    const info = await transport.sendMail({
      from: settings.smtp.from,
      to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      // `<sightline-sub-{mailId}@{sender domain}>`: the same on every retry.
      messageId: emailMessageId(`sub-${mailId}`, settings.smtp.from),
      date: deps.now(),
      headers: message.headers,
    });
    return { ok: true, status: replyCode(info.response), notificationResult: trimText(info.response, RESULT_MAX_CHARS), retryable: false };
  } catch (error) {
    return fromSmtpError(error);
  } finally {
    transport.close();
  }
}
