import nodemailer from 'nodemailer';
import { trimText } from '../describe';
import { emailHtml, emailSubject, emailText } from '../email-message';
import { RESULT_MAX_CHARS } from '../http';
import type { DeliveryResult, DeliverySettings, EmailChannelConfig, Provider } from '../types';

/** Connection-level failures (DNS, refused, reset, timeouts) are worth another attempt. */
const TRANSIENT_CODES = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETLS']);

/** `<sightline-{notificationId}@{sender domain}>`: the same on every retry, so mail systems can drop duplicates. */
export function emailMessageId(notificationId: string, from: string): string {
  const domain = /@([^\s>]+)>?\s*$/.exec(from)?.[1] ?? 'sightline.invalid';
  return `<sightline-${notificationId}@${domain}>`;
}

/** A transport to the SMTP server of Settings, every wait bounded by the delivery timeout. */
export function createSmtpTransport(settings: DeliverySettings) {
  const { smtp, timeoutMs } = settings;
  return nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure,
    auth: smtp.user ? { user: smtp.user, pass: smtp.password ?? '' } : undefined,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
  });
}

export const deliverEmail: Provider<EmailChannelConfig> = async (event, config, settings, deps) => {
  const { smtp } = settings;
  const transport = createSmtpTransport(settings);
  try {
    const info = await transport.sendMail({
      from: smtp.from,
      to: config.address,
      subject: emailSubject(event),
      text: emailText(event, settings),
      html: emailHtml(event, settings),
      messageId: emailMessageId(event.notificationId, smtp.from),
      date: deps.now(),
      headers: { 'X-Sightline-Notification-Id': event.notificationId },
    });
    return { ok: true, status: replyCode(info.response), notificationResult: trimText(info.response, RESULT_MAX_CHARS), retryable: false };
  } catch (error) {
    return fromSmtpError(error);
  } finally {
    transport.close();
  }
};

export function replyCode(response: string | undefined): number | undefined {
  const code = /^(\d{3})/.exec(response ?? '')?.[1];
  return code ? Number(code) : undefined;
}

/** SMTP 4xx is "try later", 5xx is "never": the reply code decides, else the error code. */
export function fromSmtpError(error: unknown): DeliveryResult {
  const fields = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; responseCode?: unknown; response?: unknown; message?: unknown };
  const message = typeof fields.message === 'string' ? fields.message : String(error);
  const status = typeof fields.responseCode === 'number' ? fields.responseCode : undefined;
  const code = typeof fields.code === 'string' ? fields.code : undefined;
  const retryable = status !== undefined ? status >= 400 && status < 500 : code === undefined || TRANSIENT_CODES.has(code);
  const text = typeof fields.response === 'string' ? fields.response : message;
  return { ok: false, status, notificationResult: trimText(text, RESULT_MAX_CHARS), retryable, error: code ? `${code}: ${message}` : message };
}
