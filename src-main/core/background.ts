import type { Logger } from './logger';

/**
 * Starts asynchronous work from a timer, an event or another callback that cannot wait for it. A
 * failure is logged with `what`: never an unhandled rejection, which would end the process.
 */
export function inBackground(logger: Logger, what: string, work: () => Promise<unknown>): void {
  work().catch((error: unknown) => logger.error({ err: error }, what));
}
