/**
 * Whether an agent is the one offline, decided from rounds of canary probes and the platform's own
 * network state. Pure: the monitor feeds it rounds with their times, tests feed it by hand.
 */

/** Consecutive rounds in which no canary answered before the agent counts itself offline. */
export const ROUNDS_TO_OFFLINE = 2;

export interface ConnectivityRound {
  /** Epoch ms when the round finished. */
  at: number;
  /** Canaries probed in the round (0: none are configured). */
  probed: number;
  /** Canaries that answered. */
  answered: number;
  /** The platform says the machine has no network (no interface up, its default route gone); null when it says nothing. */
  platformDown: string | null;
}

export interface ConnectivityState {
  online: boolean;
  /** Epoch ms of the last change (or of the first round). */
  since: number;
  /** Rounds in a row in which no canary answered. */
  failedRounds: number;
  /** Why the agent counts itself offline; null while online. */
  reason: string | null;
  /** Epoch ms of the last round in which a canary answered (or the platform was fine without canaries). */
  lastGoodAt: number | null;
}

export type ConnectivityChange = 'OFFLINE' | 'ONLINE' | null;

export function initialConnectivity(now: number): ConnectivityState {
  return { online: true, since: now, failedRounds: 0, reason: null, lastGoodAt: null };
}

/** Whether one round, on its own, says the agent cannot reach its network. */
export function roundFailed(round: ConnectivityRound): boolean {
  return round.platformDown !== null || (round.probed > 0 && round.answered === 0);
}

/**
 * The next state after a round. The platform saying the network is down counts at once; canaries
 * must all fail `roundsToOffline` rounds in a row (one lost packet is not an outage); a single
 * answering canary brings the agent back.
 */
export function nextConnectivity(state: ConnectivityState, round: ConnectivityRound, roundsToOffline = ROUNDS_TO_OFFLINE): { state: ConnectivityState; change: ConnectivityChange } {
  if (!roundFailed(round)) {
    const next = { online: true, since: state.online ? state.since : round.at, failedRounds: 0, reason: null, lastGoodAt: round.at };
    return { state: next, change: state.online ? null : 'ONLINE' };
  }
  const failedRounds = state.failedRounds + 1;
  const reason = round.platformDown ?? `none of the ${round.probed} canar${round.probed === 1 ? 'y' : 'ies'} answered in ${failedRounds} round${failedRounds === 1 ? '' : 's'} in a row`;
  const offline = round.platformDown !== null || failedRounds >= roundsToOffline;
  if (!offline) return { state: { ...state, failedRounds }, change: null };
  if (!state.online) return { state: { ...state, failedRounds, reason: state.reason ?? reason }, change: null };
  return { state: { online: false, since: round.at, failedRounds, reason, lastGoodAt: state.lastGoodAt }, change: 'OFFLINE' };
}
