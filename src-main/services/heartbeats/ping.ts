import type { ServiceDeps } from '../context';
import type { PingAnswer } from '../runtime';
import type { PingFacts } from './record';

export interface PingRequest {
  token: string;
  kind: 'PING' | 'START' | 'FAIL';
  facts: PingFacts;
}

/** A ping reached a heartbeat URL: the running judge takes it (no key: the token is the credential). */
export function receivePing(deps: ServiceDeps, request: PingRequest): Promise<PingAnswer> {
  const judge = deps.runtime.heartbeats;
  if (!judge) return Promise.resolve({ status: 'unavailable' });
  return judge.ping(request.token, request.kind, request.facts);
}
