import { describe, expect, it } from 'vitest';
import { flapAfterPassingPass, nextFlapState, type FlapSettings, type FlapState } from '../../src-shared/rules/flapping';

/**
 * A passing run after a pass is recorded without the check's flap settings (alerting's fast path,
 * and a heartbeat's ping judged as it is stored): over any sequence of verdicts, the checks flap and
 * stop flapping at exactly the runs, and with the same histories, as when every run is judged in full.
 */

type Verdict = 'PASS' | 'DEGRADED' | 'FAIL';

/** A small deterministic generator (mulberry32), so a failure names a sequence that can be replayed. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function sequence(next: () => number, length: number): Verdict[] {
  // Runs of passes long and short, with failures and degradations between: outages, blips and flapping.
  const out: Verdict[] = [];
  while (out.length < length) {
    const r = next();
    const verdict: Verdict = r < 0.55 ? 'PASS' : r < 0.85 ? 'FAIL' : 'DEGRADED';
    const repeat = 1 + Math.floor(next() * (verdict === 'PASS' ? 14 : 4));
    for (let i = 0; i < repeat; i++) out.push(verdict);
  }
  return out.slice(0, length);
}

function run(verdicts: Verdict[], settings: FlapSettings, fastPath: boolean): { changes: string[]; histories: (string | null)[]; fast: number } {
  let flap: FlapState | undefined;
  let previous: Verdict | null = null;
  const changes: string[] = [];
  const histories: (string | null)[] = [];
  let fast = 0;
  verdicts.forEach((verdict, i) => {
    const quick = fastPath && verdict === 'PASS' && previous !== null ? flapAfterPassingPass(flap) : null;
    if (quick !== null) {
      fast++;
      flap = quick;
    } else {
      const next = nextFlapState(flap, verdict, settings, i);
      if (next.change) changes.push(`${i}:${next.change}`);
      flap = next.flap;
    }
    previous = verdict;
    // The leading passes of a history change no count (a history of passes only is not grown, by design).
    histories.push(flap ? `${flap.flapping ? 'flapping ' : ''}${flap.history.replace(/^P+/, '')}` : null);
  });
  return { changes, histories, fast };
}

describe('recording a passing run after a pass without the flap settings', () => {
  it('starts and stops flapping at the same runs as judging every run in full, over 600 sequences and settings', () => {
    const next = random(20261129);
    let fastTotal = 0;
    for (let n = 0; n < 600; n++) {
      const settings: FlapSettings = {
        enabled: next() > 0.1,
        changes: 2 + Math.floor(next() * 8),
        windowRuns: 3 + Math.floor(next() * 18),
        stableRuns: 1 + Math.floor(next() * 12),
      };
      const verdicts = sequence(next, 120);
      const full = run(verdicts, settings, false);
      const quick = run(verdicts, settings, true);
      const label = `${JSON.stringify(settings)} ${verdicts.map((v) => v[0]).join('')}`;
      expect(quick.changes, label).toEqual(full.changes);
      expect(quick.histories, label).toEqual(full.histories);
      fastTotal += quick.fast;
    }
    // The shortcut is really taken (most passes follow a pass), or this test proves nothing.
    expect(fastTotal).toBeGreaterThan(600 * 30);
  });

  it('records the pass in the history the full judgement keeps, once the state has been judged with settings', () => {
    const settings: FlapSettings = { enabled: true, changes: 5, windowRuns: 10, stableRuns: 5 };
    let flap = nextFlapState(undefined, 'FAIL', settings, 0).flap;
    flap = nextFlapState(flap, 'PASS', settings, 1).flap;
    expect(flap.history).toBe('PFP');
    const full = nextFlapState(flap, 'PASS', settings, 2).flap;
    expect(flapAfterPassingPass(flap)).toEqual(full);
    expect(full.history).toBe('PFPP');
  });

  it('needs the full judgement while flapping, after a failure or degradation, and for a history stored before it kept its length', () => {
    expect(flapAfterPassingPass({ history: 'PFPFPF', flapping: true, since: 1, keep: 10 })).toBeNull();
    expect(flapAfterPassingPass({ history: 'PPF', flapping: false, since: null, keep: 10 })).toBeNull();
    expect(flapAfterPassingPass({ history: 'PPD', flapping: false, since: null, keep: 10 })).toBeNull();
    expect(flapAfterPassingPass({ history: 'PFP', flapping: false, since: null })).toBeNull();
    const quiet = { history: 'PP', flapping: false, since: null };
    expect(flapAfterPassingPass(quiet)).toBe(quiet);
    expect(flapAfterPassingPass(undefined)).toBeUndefined();
  });
});
