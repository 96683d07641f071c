/** Work done between two turns of the event loop while a deploy is planned: other requests wait at most about this long. */
export const SLICE_MS = 10;

/** Yields to the event loop (I/O and timers first) once a slice's time is spent; call it between items of a long loop. */
export class Slicer {
  private started = performance.now();

  async pause(): Promise<void> {
    if (performance.now() - this.started < SLICE_MS) return;
    await nextTurn();
    this.started = performance.now();
  }
}

export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));
