import type { Runtime } from '../runtime';

/** What the verbs need of the running subscriber mailer: a nudge after a commit that queued mail. */
export interface KickableMailer {
  kick(): void;
}

// The mailer registers itself here when it starts (services/engines/subscriber-mailer.ts): verbs never import the engine.
const mailers = new WeakMap<Runtime, KickableMailer>();

export function registerSubscriberMailer(runtime: Runtime, mailer: KickableMailer): void {
  mailers.set(runtime, mailer);
}

/** Nudges the backend's subscriber mailer after a commit that queued mail (a no-op before it started). */
export function kickSubscriberMail(runtime: Runtime): void {
  mailers.get(runtime)?.kick();
}
