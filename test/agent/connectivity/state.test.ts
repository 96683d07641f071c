import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src-main/core/clock';
import { initialConnectivity, nextConnectivity, ROUNDS_TO_OFFLINE, type ConnectivityRound, type ConnectivityState } from '../../../src-main/agent/connectivity/state';

const clock = () => new ManualClock('2026-03-01T03:00:00.000Z');

/** Feeds rounds five seconds apart and says what changed at each. */
function feed(start: ConnectivityState, c: ManualClock, rounds: Omit<ConnectivityRound, 'at'>[]) {
  let state = start;
  const changes: (string | null)[] = [];
  for (const round of rounds) {
    c.advance(5000);
    const next = nextConnectivity(state, { ...round, at: c.now().getTime() });
    state = next.state;
    changes.push(next.change);
  }
  return { state, changes };
}

const BOTH = ['192.0.2.1', '192.0.2.2'];
const answered = { probed: BOTH, answered: ['192.0.2.1'], platformDown: null };
const silent = { probed: BOTH, answered: [], platformDown: null };

describe('the connectivity state machine', () => {
  it(`goes offline only after ${ROUNDS_TO_OFFLINE} rounds in a row in which no canary that answered before answers`, () => {
    const c = clock();
    const { state, changes } = feed(initialConnectivity(c.now().getTime()), c, [answered, silent, answered, silent, silent, silent]);
    expect(changes).toEqual([null, null, null, null, 'OFFLINE', null]);
    expect(state.online).toBe(false);
    expect(state.since).toBe(Date.parse('2026-03-01T03:00:25.000Z'));
    expect(state.reason).toBe('none of the 1 canary that answered before (192.0.2.1) answered in 2 rounds in a row');
  });

  it('comes back online with the first round in which one canary answers', () => {
    const c = clock();
    const { state, changes } = feed(initialConnectivity(c.now().getTime()), c, [answered, silent, silent, silent, answered]);
    expect(changes).toEqual([null, null, 'OFFLINE', null, 'ONLINE']);
    expect(state).toMatchObject({ online: true, reason: null, failedRounds: 0, since: Date.parse('2026-03-01T03:00:25.000Z') });
  });

  it('never counts canaries that never answered: the guard stays off however many rounds they are silent', () => {
    const c = clock();
    const { state, changes } = feed(initialConnectivity(c.now().getTime()), c, Array.from({ length: 20 }, () => silent));
    expect(changes.every((change) => change === null)).toBe(true);
    expect(state).toMatchObject({ online: true, used: [] });
  });

  it('uses a canary from its first answer on, a minute after start, and goes offline when it stops', () => {
    const c = clock();
    const late = { probed: BOTH, answered: ['192.0.2.2'], platformDown: null };
    const { state, changes } = feed(initialConnectivity(c.now().getTime()), c, [...Array.from({ length: 12 }, () => silent), late, late, silent, silent]);
    expect(changes).toEqual([...Array.from({ length: 15 }, () => null), 'OFFLINE']);
    expect(state.used).toEqual(['192.0.2.2']);
    expect(state.reason).toContain('(192.0.2.2)');
  });

  it('counts the platform saying the network is down at once, whatever the canaries, used or not', () => {
    const c = clock();
    const { state, changes } = feed(initialConnectivity(c.now().getTime()), c, [{ probed: [], answered: [], platformDown: 'the default route is gone' }]);
    expect(changes).toEqual(['OFFLINE']);
    expect(state.reason).toBe('the default route is gone');
  });

  it('stays online without canaries while the platform says nothing', () => {
    const c = clock();
    const { changes } = feed(initialConnectivity(c.now().getTime()), c, [{ probed: [], answered: [], platformDown: null }, { probed: [], answered: [], platformDown: null }]);
    expect(changes).toEqual([null, null]);
  });
});
