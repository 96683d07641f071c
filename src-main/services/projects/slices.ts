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

/**
 * Sizes of the batches written one short transaction each (a destroy's deletes): starts at `first`,
 * then each batch is sized from how long the last took, to stay near `budgetMs` on a loaded machine.
 */
export class PacedBatches {
  private size: number;

  constructor(
    private readonly max: number,
    first = max,
    private readonly budgetMs = 2 * SLICE_MS,
  ) {
    this.size = Math.min(first, max);
  }

  get next(): number {
    return this.size;
  }

  /** Times `write` of a batch of `count` items and sizes the next batch from it. */
  async timed<T>(count: number, write: () => Promise<T>): Promise<T> {
    const started = performance.now();
    const result = await write();
    const perItem = Math.max(performance.now() - started, 0.01) / Math.max(count, 1);
    this.size = Math.max(10, Math.min(this.max, Math.floor(this.budgetMs / perItem)));
    return result;
  }
}
