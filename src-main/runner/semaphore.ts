/** At most `slots` holders at once; the rest wait in order (an aborted waiter leaves the line). */
export class Semaphore {
  private held = 0;
  private readonly waiters: (() => void)[] = [];

  constructor(private readonly slots: number) {}

  async acquire(signal?: AbortSignal): Promise<void> {
    if (this.held < this.slots) {
      this.held++;
      return;
    }
    await new Promise<void>((resolve, reject) => {
      const grant = () => {
        signal?.removeEventListener('abort', onAbort);
        this.held++;
        resolve();
      };
      const onAbort = () => {
        const index = this.waiters.indexOf(grant);
        if (index >= 0) this.waiters.splice(index, 1);
        reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      };
      this.waiters.push(grant);
      signal?.addEventListener('abort', onAbort, { once: true });
    });
  }

  release(): void {
    this.held--;
    this.waiters.shift()?.();
  }
}
