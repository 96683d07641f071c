import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src-main/core/clock';
import { createLogger } from '../../../src-main/core/logger';
import { ConnectivityMonitor } from '../../../src-main/agent/connectivity/monitor';

/** A monitor whose canary answers as the test says, on a clock the test moves (no interval: rounds only on demand). */
function monitor(clock: ManualClock, answers: boolean[]) {
  const changes: string[] = [];
  const m = new ConnectivityMonitor({
    canaries: ['canary.test'],
    probe: async () => {
      clock.advance(1000);
      return { answered: answers.shift() ? ['canary.test'] : [] };
    },
    platform: null,
    clock,
    logger: createLogger('silent'),
    onChange: (change) => changes.push(change),
  });
  return { m, changes };
}

describe('confirming a failure against the canaries', () => {
  it('a failure is the target\'s when no round failed while the run went and a fresh round answers', async () => {
    const clock = new ManualClock('2026-03-01T03:00:00.000Z');
    const { m } = monitor(clock, [true]);
    expect(await m.confirm(clock.now().getTime() - 5000)).toBe(true);
  });

  it('a failure is the agent\'s when the fresh round fails, even before the agent counts itself offline', async () => {
    const clock = new ManualClock('2026-03-01T03:00:00.000Z');
    const { m, changes } = monitor(clock, [true, false]);
    await m.probeNow();
    expect(await m.confirm(clock.now().getTime())).toBe(false);
    expect(changes).toEqual([]);
    expect(m.offline).toBe(false);
  });

  it('a failure of a run that overlapped an outage already over is the agent\'s, without another round', async () => {
    const clock = new ManualClock('2026-03-01T03:00:00.000Z');
    const runStarted = clock.now().getTime();
    const { m, changes } = monitor(clock, [true, false, false, true, true]);
    // The rounds of the interval.
    const round = () => m.probeNow();
    await round();
    await round();
    await round();
    expect(m.offline).toBe(true);
    await round();
    expect(changes).toEqual(['OFFLINE', 'ONLINE']);
    // The run that started before the outage finishes only now, with the canary answering again.
    expect(await m.confirm(runStarted)).toBe(false);
    expect(await round()).toBe(true);
  });

  it('a canary that never answered does not make a failure the agent\'s, and is listed as not used', async () => {
    const clock = new ManualClock('2026-03-01T03:00:00.000Z');
    const { m, changes } = monitor(clock, [false, false, false, false]);
    await m.probeNow();
    await m.probeNow();
    expect(await m.confirm(clock.now().getTime())).toBe(true);
    expect(changes).toEqual([]);
    expect(m.view()).toMatchObject({ status: 'no-usable-canary', notUsed: [{ host: 'canary.test', why: 'never answered' }] });
  });

  it('failures that arrive during a round share the next one', async () => {
    const clock = new ManualClock('2026-03-01T03:00:00.000Z');
    let rounds = 0;
    const m = new ConnectivityMonitor({
      canaries: ['canary.test'],
      probe: async () => {
        rounds++;
        await new Promise((resolve) => setImmediate(resolve));
        return { answered: ['canary.test'] };
      },
      platform: null,
      clock,
      logger: createLogger('silent'),
    });
    const now = clock.now().getTime();
    const answers = await Promise.all([m.confirm(now), m.confirm(now), m.confirm(now), m.confirm(now)]);
    expect(answers).toEqual([true, true, true, true]);
    expect(rounds).toBe(2);
  });
});
