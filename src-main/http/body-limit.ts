/**
 * The largest request body, in bytes of JSON, on every route (REST, tRPC, the agent API). The biggest
 * valid bodies are multi-step checks: a 256 KiB script, 1 MiB of dependency files and 100
 * environment variables of 8 KiB, about 2.1 MB of text, which JSON escaping (quotes, newlines) can
 * double; anything past 5 MiB is refused before it is parsed.
 */
export const BODY_LIMIT_BYTES = 5 * 1024 * 1024;

/**
 * The limit on routes anyone may call without a key: the console's sign-in (whose body is empty)
 * and the public status pages (an email address or two link parameters).
 */
export const SMALL_BODY_LIMIT_BYTES = 16 * 1024;

function sizeOf(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  return bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`;
}

/** The 413's message, naming the limit of the route that refused the body. */
export function bodyTooLargeMessage(limitBytes = BODY_LIMIT_BYTES): string {
  return `Request body too large: the limit is ${sizeOf(limitBytes)} (${limitBytes} bytes) per request`;
}
