/** Timers are injected so tests and the benchmark drive time by hand instead of sleeping. */
export interface TimerHandle {
  readonly id: number;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

const live = new Map<number, ReturnType<typeof setTimeout>>();
let nextId = 1;

export const realTimers: Timers = {
  setTimeout(callback, ms) {
    const handle = { id: nextId++ };
    const timer = setTimeout(() => {
      live.delete(handle.id);
      callback();
    }, Math.max(0, ms));
    live.set(handle.id, timer);
    return handle;
  },
  clearTimeout(handle) {
    clearTimeout(live.get(handle.id));
    live.delete(handle.id);
  },
};
