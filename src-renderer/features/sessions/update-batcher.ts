/** Coalesces a burst of session updates into one refresh per window; remembers whether any of them finished a session. */
export class UpdateBatcher {
  private timer: ReturnType<typeof setTimeout> | null = null;
  private anyFinished = false;

  constructor(
    private readonly flush: (anyFinished: boolean) => void,
    private readonly windowMs: number,
  ) {}

  push(finished: boolean): void {
    this.anyFinished ||= finished;
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      const anyFinished = this.anyFinished;
      this.anyFinished = false;
      this.flush(anyFinished);
    }, this.windowMs);
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
