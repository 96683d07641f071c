/**
 * The largest request body, in bytes of JSON, on every route (REST, tRPC, the agent API). The biggest
 * valid bodies are multi-step checks: a 256 KiB script, 1 MiB of dependency files and 100
 * environment variables of 8 KiB, about 2.1 MB of text, which JSON escaping (quotes, newlines) can
 * double; anything past 5 MiB is refused before it is parsed.
 */
export const BODY_LIMIT_BYTES = 5 * 1024 * 1024;

export const BODY_TOO_LARGE_MESSAGE = `Request body too large: the limit is 5 MiB (${BODY_LIMIT_BYTES} bytes) per request`;
