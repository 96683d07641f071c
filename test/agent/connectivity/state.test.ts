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

const answered = { probed: 2, answered: 1, platformDown: null };
const silent = { probed: 2, answered: 0, platformDown: null };

describe('the connectivity state machine', () => {
  it(`goes offline only after ${ROUNDS_TO_OFFLINE} rounds in a row in which no canary answered`, () => {
    const c = clock();
    const { state, changes } = feed(initialConnectivity(c.now().getTime()), c, [answered, silent, answered, silent, silent, silent]);
    expect(changes).toEqual([null, null, null, null, 'OFFLINE', null]);
    expect(state.online).toBe(false);
    expect(state.since).toBe(Date.parse('2026-03-01T03:00:25.000Z'));
    expect(state.reason).toContain('none of the 2 canaries answered');
  });

  it('comes back online with the first round in which one canary answers', () => {
    const c = clock();
    const { state, changes } = feed(initialConnectivity(c.now().getTime()), c, [silent, silent, silent, { probed: 2, answered: 1, platformDown: null }]);
    expect(changes).toEqual([null, 'OFFLINE', null, 'ONLINE']);
    expect(state).toMatchObject({ online: true, reason: null, failedRounds: 0, since: Date.parse('2026-03-01T03:00:20.000Z') });
  });

  it('counts the platform saying the network is down at once, whatever the canaries', () => {
    const c = clock();
    const { state, changes } = feed(initialConnectivity(c.now().getTime()), c, [{ probed: 0, answered: 0, platformDown: 'the default route is gone' }]);
    expect(changes).toEqual(['OFFLINE']);
    expect(state.reason).toBe('the default route is gone');
  });

  it('stays online without canaries while the platform says nothing', () => {
    const c = clock();
    const { changes } = feed(initialConnectivity(c.now().getTime()), c, [{ probed: 0, answered: 0, platformDown: null }, { probed: 0, answered: 0, platformDown: null }]);
    expect(changes).toEqual([null, null]);
  });
});
