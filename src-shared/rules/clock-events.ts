/** Sightline's own time events (suspensions, steps of the wall clock) as /health and the console show them. Pure. */

export interface ClockEventView {
  /** `suspended`: the process was frozen or the machine slept; `wall-clock-step`: the wall clock moved against the monotonic clock. */
  kind: 'suspended' | 'wall-clock-step';
  /** ISO 8601: when it was seen to end, and (wall time) when it began. */
  at: string;
  from: string;
  /** How long the suspension lasted; for a step, by how much the wall clock moved (negative: back). */
  durationMs: number;
  /** Scheduled runs that fell in a suspension and were not run (told here, not caught up). */
  slotsNotRun: number;
}

const seconds = (ms: number) => `${Math.round(Math.abs(ms) / 1000)} s`;

/** One sentence per event, for /health's message and the console (`formatTime` writes the moment; ISO by default). */
export function clockEventSentence(event: ClockEventView, formatTime: (iso: string) => string = (iso) => iso): string {
  const at = formatTime(event.at);
  if (event.kind === 'suspended') {
    const slots = event.slotsNotRun > 0 ? ` ${event.slotsNotRun} scheduled run${event.slotsNotRun === 1 ? '' : 's'} fell in it and ${event.slotsNotRun === 1 ? 'was' : 'were'} not run.` : '';
    return `Sightline was suspended for ${seconds(event.durationMs)} until ${at} (its process was stopped, the machine slept, or it stalled): runs in flight were judged on what their tools reported or recorded as not judged, never as failures of their targets.${slots}`;
  }
  if (event.durationMs < 0) return `The wall clock stepped back by ${seconds(event.durationMs)} at ${at}: the schedule kept its pace on the monotonic clock (no run repeated, none skipped).`;
  return `The wall clock moved forward by ${seconds(event.durationMs)} at ${at} (a clock step, or the machine slept): the schedule kept its pace on the monotonic clock (no burst of catch-up runs).`;
}
