import type { ServiceDeps } from '../context';

/** What services need from the running dispatcher: a nudge after they commit new notifications. */
export interface DispatchControl {
  kick(): void;
}

// Keyed by the database handle, like the run runtime: several backends may share a test process.
const controls = new WeakMap<object, DispatchControl>();

export function attachDispatchControl(deps: ServiceDeps, control: DispatchControl): void {
  controls.set(deps.db, control);
}

/** Without a running dispatcher the rows wait in the outbox until one starts. */
export function kickDispatcher(deps: ServiceDeps): void {
  controls.get(deps.db)?.kick();
}
