import type { APIResponse } from '@playwright/test';
import { MULTI_STEP_BODY_BYTES, MULTI_STEP_HEADER_VALUE_CHARS, MULTI_STEP_HEADERS } from '../../../src-shared/schemas/result-payloads';
import type { PwBody } from '../report-shape';

/**
 * What a multi-step run keeps of one API call besides its method, URL, status and time: the headers
 * the script set and the request body it sent, the response's headers and body — each body's first
 * MULTI_STEP_BODY_BYTES as text. Secrets are scrubbed later with the rest of the result (runScrubber).
 */

const BINARY_TYPE = /^(image|audio|video|font)\/|application\/(octet-stream|zip|gzip|pdf|x-protobuf|protobuf|wasm)/i;

/** A body's beginning as text, or only its size when it is binary (a NUL byte, or a binary content type). */
export function bodyOf(bytes: Uint8Array, contentType: string | undefined): PwBody {
  const head = bytes.subarray(0, MULTI_STEP_BODY_BYTES);
  const truncated = bytes.byteLength > head.byteLength;
  if ((contentType && BINARY_TYPE.test(contentType)) || head.includes(0)) return { bytes: bytes.byteLength, binary: true };
  // A cut may split a character: its lone start is dropped rather than shown as "�".
  let text = new TextDecoder('utf-8', { fatal: false }).decode(head);
  if (truncated) text = text.replace(/\uFFFD+$/, '');
  return { text, bytes: bytes.byteLength, ...(truncated ? { truncated } : {}) };
}

function textBody(text: string, contentType: string | undefined): PwBody {
  return bodyOf(new TextEncoder().encode(text), contentType);
}

/** Header names in lower case (as Playwright sends them), at most MULTI_STEP_HEADERS, values cut. */
export function headersOf(source: Iterable<[string, unknown]>): Record<string, string> {
  const out: Record<string, string> = {};
  let count = 0;
  for (const [name, value] of source) {
    if (value === undefined || value === null) continue;
    if (count >= MULTI_STEP_HEADERS) break;
    const key = name.toLowerCase();
    if (!(key in out)) count++;
    out[key] = String(value).slice(0, MULTI_STEP_HEADER_VALUE_CHARS);
  }
  return out;
}

const entries = (value: unknown): [string, unknown][] => (value && typeof value === 'object' ? Object.entries(value as Record<string, unknown>) : []);

/** The request as the script made it: its context's extra headers, the call's headers, and the body from `data`, `form` or `multipart`. */
export function requestRecord(contextHeaders: unknown, options: unknown): { requestHeaders?: Record<string, string>; requestBody?: PwBody } {
  try {
    const opts = (options && typeof options === 'object' ? options : {}) as { headers?: unknown; data?: unknown; form?: unknown; multipart?: unknown };
    const headers = headersOf([...entries(contextHeaders), ...entries(opts.headers)]);
    let body: PwBody | undefined;
    let impliedType: string | undefined;
    if (typeof opts.data === 'string') body = textBody(opts.data, headers['content-type']);
    else if (opts.data instanceof Uint8Array || ArrayBuffer.isView(opts.data)) {
      const view = opts.data as ArrayBufferView;
      body = bodyOf(new Uint8Array(view.buffer, view.byteOffset, view.byteLength), headers['content-type']);
      impliedType = 'application/octet-stream';
    } else if (opts.data !== undefined && opts.data !== null) {
      body = textBody(JSON.stringify(opts.data) ?? '', 'application/json');
      impliedType = 'application/json';
    } else if (opts.form && typeof opts.form === 'object') {
      const form = new URLSearchParams();
      for (const [name, value] of entries(opts.form)) form.append(name, String(value));
      body = textBody(form.toString(), undefined);
      impliedType = 'application/x-www-form-urlencoded';
    } else if (opts.multipart && typeof opts.multipart === 'object') {
      body = { text: `multipart form with fields: ${entries(opts.multipart).map(([name]) => name).join(', ')}` };
      impliedType = 'multipart/form-data';
    }
    if (impliedType && !headers['content-type']) headers['content-type'] = impliedType;
    return { ...(Object.keys(headers).length > 0 ? { requestHeaders: headers } : {}), ...(body ? { requestBody: body } : {}) };
  } catch {
    // A script's odd options (a throwing getter) cost the record, never the call.
    return {};
  }
}

/** The response's headers and body; a body that can no longer be read (a disposed context) leaves both size and body out. */
export async function responseRecord(response: APIResponse): Promise<{ sizeBytes?: number; responseHeaders?: Record<string, string>; responseBody?: PwBody }> {
  const headers = headersOf(Object.entries(response.headers()));
  try {
    const bytes = await response.body();
    return { sizeBytes: bytes.byteLength, responseHeaders: headers, responseBody: bodyOf(bytes, headers['content-type']) };
  } catch {
    return { responseHeaders: headers };
  }
}
