import { setFlagsFromString } from 'node:v8';

/** A full collection once the heap has grown to twice what the last one kept alive. */
export const HEAP_GROWING_PERCENT = 100;

/**
 * Bounds how far the headless server's heap grows between full collections. V8 picks a factor of
 * up to 4 while collections are cheap, so at 50,000 heartbeats (about 165 MB alive, issue 34) the
 * heap reached 660 MB of mostly garbage before it was collected, and the process's memory with it.
 * At 2 a full collection comes about twice as often: a 20 ms pause every ten seconds or so under
 * that load. A flag given on node's command line (`node --heap-growing-percent=…`) wins.
 */
export function boundHeapGrowth(execArgv: readonly string[] = process.execArgv): void {
  // (NODE_OPTIONS cannot carry this flag: node refuses it there.)
  if (execArgv.some((arg) => /^--heap[-_]growing[-_]percent/.test(arg))) return;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
