import { trimText } from './describe';
import type { DeliveryResult, DeliverySettings, ProviderDeps } from './types';

export const RESULT_MAX_CHARS = 1000;

export interface HttpDelivery {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** Reads a provider-specific verdict from a 2xx answer (Slack's Web API answers 200 with `ok: false`). */
export type AnswerCheck = (status: number, text: string) => DeliveryResult | null;

/** 408, 429 and 5xx are worth another attempt; any other 4xx will fail the same way again. */
export function retryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}

/** Sends one request with the settings' timeout; remote failures come back as results, never as throws. */
export async function sendHttp(request: HttpDelivery, settings: DeliverySettings, deps: ProviderDeps, check?: AnswerCheck): Promise<DeliveryResult> {
  if (!URL.canParse(request.url)) return rejected(`Invalid URL: ${request.url}`);
  const doFetch = deps.fetch ?? fetch;
  try {
    const response = await doFetch(request.url, {
      method: request.method,
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(settings.timeoutMs),
    });
    const text = await response.text();
    return check?.(response.status, text) ?? fromStatus(response.status, response.statusText, text);
  } catch (error) {
    return fromThrown(error, settings.timeoutMs);
  }
}

export function fromStatus(status: number, statusText: string, text: string): DeliveryResult {
  const line = `HTTP ${status}${statusText ? ` ${statusText}` : ''}`;
  const notificationResult = trimText(text.trim() === '' ? line : text, RESULT_MAX_CHARS);
  if (status >= 200 && status < 300) return { ok: true, status, notificationResult, retryable: false };
  return { ok: false, status, notificationResult, retryable: retryableStatus(status), error: line };
}

function fromThrown(error: unknown, timeoutMs: number): DeliveryResult {
  if (error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    const message = `Timed out after ${timeoutMs} ms`;
    return { ok: false, notificationResult: message, retryable: true, error: message };
  }
  // undici reports network failures as TypeError('fetch failed') with the socket error as cause.
  if (error instanceof Error && error.cause !== undefined) {
    const message = `${error.message}: ${describeCause(error.cause)}`;
    return { ok: false, notificationResult: trimText(message, RESULT_MAX_CHARS), retryable: true, error: message };
  }
  return rejected(error instanceof Error ? error.message : String(error));
}

function describeCause(cause: unknown): string {
  if (cause instanceof Error) return cause.message || ('code' in cause ? String(cause.code) : cause.name);
  return String(cause);
}

/** A delivery that can never succeed as configured (bad URL, bad header value). */
export function rejected(message: string): DeliveryResult {
  return { ok: false, notificationResult: trimText(message, RESULT_MAX_CHARS), retryable: false, error: message };
}

/** Results of several requests for one notification (Slack App: one per channel). */
export function combineResults(parts: { label: string; result: DeliveryResult }[]): DeliveryResult {
  const failed = parts.filter((p) => !p.result.ok);
  const text = parts.map((p) => `${p.label}: ${p.result.ok ? 'ok' : (p.result.error ?? 'failed')} ${p.result.notificationResult}`).join('\n');
  const last = parts[parts.length - 1]?.result;
  return {
    ok: failed.length === 0,
    status: (failed[0]?.result ?? last)?.status,
    notificationResult: trimText(text, RESULT_MAX_CHARS),
    retryable: failed.some((p) => p.result.retryable),
    error: failed.length === 0 ? undefined : failed.map((p) => `${p.label}: ${p.result.error ?? 'failed'}`).join('; '),
  };
}
