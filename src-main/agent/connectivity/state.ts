/**
 * Whether an agent is the one offline, decided from rounds of canary probes and the platform's own
 * network state. Pure: the monitor feeds it rounds with their times, tests feed it by hand.
 *
 * Only evidence counts: a canary is used once it has answered. One that never answered (many
 * gateways and cloud resolvers drop ICMP) says nothing about the agent's network, so it is listed
 * as not used instead of making the agent count itself offline.
 */

/** Consecutive rounds in which no used canary answered before the agent counts itself offline. */
export const ROUNDS_TO_OFFLINE = 2;

export interface ConnectivityRound {
  /** Epoch ms when the round finished. */
  at: number;
  /** Canaries probed in the round (empty: none are configured). */
  probed: readonly string[];
  /** Those that answered. */
  answered: readonly string[];
  /** The platform says the machine has no network (no interface up, its default route gone); null when it says nothing. */
  platformDown: string | null;
}

export interface ConnectivityState {
  online: boolean;
  /** Epoch ms of the last change (or of the first round). */
  since: number;
  /** Rounds in a row in which no used canary answered. */
  failedRounds: number;
  /** Why the agent counts itself offline; null while online. */
  reason: string | null;
  /** Epoch ms of the last round in which a canary answered (or the platform was fine without canaries). */
  lastGoodAt: number | null;
  /** Canaries that answered at least once: the only ones whose silence counts. */
  used: readonly string[];
}

export type ConnectivityChange = 'OFFLINE' | 'ONLINE' | null;

export function initialConnectivity(now: number): ConnectivityState {
  return { online: true, since: now, failedRounds: 0, reason: null, lastGoodAt: null, used: [] };
}

/** The canaries used after this round: those used before, and any that answered now. */
export function usedAfter(used: readonly string[], round: ConnectivityRound): string[] {
  const all = new Set(used);
  for (const host of round.answered) all.add(host);
  return round.probed.filter((host) => all.has(host));
}

/** Whether one round, on its own, says the agent cannot reach its network (given the canaries used so far, this round's included). */
export function roundFailed(round: ConnectivityRound, used: readonly string[]): boolean {
  if (round.platformDown !== null) return true;
  const probedUsed = round.probed.filter((host) => used.includes(host));
  return probedUsed.length > 0 && !probedUsed.some((host) => round.answered.includes(host));
}

/**
 * The next state after a round. The platform saying the network is down counts at once; used
 * canaries must all fail `roundsToOffline` rounds in a row (one lost packet is not an outage); a
 * single answering canary brings the agent back. With no used canary only the platform counts.
 */
export function nextConnectivity(state: ConnectivityState, round: ConnectivityRound, roundsToOffline = ROUNDS_TO_OFFLINE): { state: ConnectivityState; change: ConnectivityChange } {
  const used = usedAfter(state.used, round);
  if (!roundFailed(round, used)) {
    const next = { online: true, since: state.online ? state.since : round.at, failedRounds: 0, reason: null, lastGoodAt: round.at, used };
    return { state: next, change: state.online ? null : 'ONLINE' };
  }
  const failedRounds = state.failedRounds + 1;
  const silent = round.probed.filter((host) => used.includes(host));
  const reason = round.platformDown ?? `none of the ${silent.length} canar${silent.length === 1 ? 'y' : 'ies'} that answered before (${silent.join(', ')}) answered in ${failedRounds} round${failedRounds === 1 ? '' : 's'} in a row`;
  const offline = round.platformDown !== null || failedRounds >= roundsToOffline;
  if (!offline) return { state: { ...state, failedRounds, used }, change: null };
  // Offline already: the reason stays why it went offline.
  if (!state.online) return { state: { ...state, failedRounds, reason: state.reason ?? reason, used }, change: null };
  return { state: { online: false, since: round.at, failedRounds, reason, lastGoodAt: state.lastGoodAt, used }, change: 'OFFLINE' };
}
