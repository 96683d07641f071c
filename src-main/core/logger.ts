import { pino, type Logger } from 'pino';

export type { Logger };

/** JSON lines on stderr (stdout carries only the start-up lines a script reads: the key, the URLs). */
export function createLogger(level: string): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: { paths: ['req.headers.authorization', 'req.headers["x-api-key"]', 'req.headers.cookie'], censor: '[scrubbed]' },
    },
    pino.destination(2),
  );
}
