import { describe, expect, it } from 'vitest';
import { EmbeddedAgent } from '../../src-main/agent/embedded-agent';
import { reservedSlots } from '../../src-main/agent/lane';
import { systemClock } from '../../src-main/core/clock';
import { createLogger } from '../../src-main/core/logger';
import type { JobOutcome, RunJob } from '../../src-main/runner/jobs';
import type { ExecutionJob, ExecutionResult } from '../../src-main/runner/types';
import { MultiStepRunInput } from '../../src-shared/schemas/multistep-check';

/** Jobs whose runs end only when the test says so: a slow (or wedged) run holds its slot meanwhile. */
function harness(capacity: number, maxQueue?: number) {
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const outcomes: JobOutcome[] = [];
  const result = { hasFailures: false, hasErrors: false, aborted: false } as unknown as ExecutionResult;
  const agent = new EmbeddedAgent({
    clock: systemClock,
    logger: createLogger('silent'),
    lanes: { MULTI_STEP: capacity },
    ...(maxQueue ? { maxQueue } : {}),
    onOutcome: (outcome) => outcomes.push(outcome),
    run: (job: ExecutionJob) =>
      new Promise<ExecutionResult>((resolve) => {
        started.push(job.checkId);
        finishers.set(job.checkId, () => resolve(result));
      }),
  });
  let n = 0;
  const submit = (accountId: string) => {
    const now = Date.now();
    const checkId = `${accountId}-${++n}`;
    const job: RunJob = {
      jobId: `job-${checkId}`,
      sessionId: `session-${checkId}`,
      accountId,
      attempt: 1,
      execution: { checkId, checkType: 'MULTI_STEP', runLocation: 'local', timeoutMs: 60_000, check: MultiStepRunInput.parse({ script: 'test' }) },
      enqueuedAt: now,
      plannedAt: now,
      dropAfter: now + 600_000,
      slot: 'local',
      candidates: ['local'],
      retry: { strategy: null, doubleCheck: false },
      firstAttemptAt: now,
      periodMs: 600_000,
    };
    agent.submit(job);
    return checkId;
  };
  const finish = (checkId: string) => finishers.get(checkId)?.();
  const settled = () => new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
  return { agent, started, outcomes, submit, finish, settled };
}

describe('the fair share of a lane', () => {
  it('keeps slots an account filling the lane with slow runs cannot take: another account starts at once', async () => {
    const { agent, started, submit, settled } = harness(8);
    const flood = Array.from({ length: 40 }, () => submit('flooder'));
    await settled();
    // Alone, the account gets the lane's whole capacity.
    expect(started).toEqual(flood.slice(0, 8));
    expect(agent.laneStats().find((lane) => lane.lane === 'MULTI_STEP')).toMatchObject({ capacity: 8, running: 8, queued: 32 });

    const other = submit('other');
    await settled();
    expect(started).toContain(other);
    // The reserve is one slot here: a third account waits for a slot like everyone.
    const third = submit('third');
    await settled();
    expect(started).not.toContain(third);
    expect(reservedSlots(8)).toBe(1);
  });

  it('serves waiting accounts in turn as slots free up, whoever queued first', async () => {
    const { started, submit, finish, settled } = harness(4);
    const a = Array.from({ length: 10 }, () => submit('a'));
    await settled();
    const b = Array.from({ length: 10 }, () => submit('b'));
    Array.from({ length: 10 }, () => submit('c'));
    await settled();
    // a holds the capacity (4), b takes the reserved slot.
    expect(started).toEqual([...a.slice(0, 4), b[0]]);
    for (const id of [...started]) finish(id);
    await settled();
    // Five slots free: the accounts in turn, in the order they got back in line (b after its first run).
    expect(started.slice(5).map((id) => id.split('-')[0])).toEqual(['a', 'c', 'b', 'a', 'c']);
  });

  it('keeps a reserve of one slot in sixteen, and skips from the longest queue when queues are full', async () => {
    expect([1, 2, 8, 16, 32, 4000].map(reservedSlots)).toEqual([1, 1, 1, 1, 2, 250]);
    const { submit, outcomes, settled } = harness(1, 3);
    submit('a');
    await settled();
    submit('b');
    const oldest = submit('a');
    submit('a');
    submit('a'); // the queue holds 3: the flooder's oldest waiting job goes, not b's
    expect(outcomes.map((o) => [o.job.execution.checkId, o.reason])).toEqual([[oldest, 'SKIPPED']]);
  });
});

describe('a waiting job and the wall clock', () => {
  it('a wall clock stepping forward past a waiting job\'s deadline does not drop it: it starts when a slot frees', async () => {
    const { ManualClock } = await import('../../src-main/core/clock');
    const clock = new ManualClock(new Date());
    const started: string[] = [];
    const outcomes: JobOutcome[] = [];
    const finishers: (() => void)[] = [];
    const result = { hasFailures: false, hasErrors: false, aborted: false } as unknown as ExecutionResult;
    const agent = new EmbeddedAgent({
      clock,
      logger: createLogger('silent'),
      lanes: { MULTI_STEP: 1 },
      onOutcome: (outcome) => outcomes.push(outcome),
      run: (job: ExecutionJob) =>
        new Promise<ExecutionResult>((resolve) => {
          started.push(job.checkId);
          finishers.push(() => resolve(result));
        }),
    });
    const job = (checkId: string): RunJob => {
      const now = clock.now().getTime();
      return {
        jobId: `job-${checkId}`,
        sessionId: `session-${checkId}`,
        accountId: 'a',
        attempt: 1,
        execution: { checkId, checkType: 'MULTI_STEP', runLocation: 'local', timeoutMs: 60_000, check: MultiStepRunInput.parse({ script: 'test' }) },
        enqueuedAt: now,
        plannedAt: now,
        dropAfter: now + 60_000,
        slot: 'local',
        candidates: ['local'],
        retry: { strategy: null, doubleCheck: false },
        firstAttemptAt: now,
        periodMs: 60_000,
      };
    };
    const settled = () => new Promise((resolve) => setImmediate(() => setImmediate(resolve)));
    agent.submit(job('first'));
    agent.submit(job('waiting'));
    await settled();
    expect(started).toEqual(['first']);
    // Five minutes forward on the wall clock, none in real time: the waiting job is not late.
    clock.stepWall(5 * 60_000);
    finishers[0]?.();
    await settled();
    await settled();
    expect(started).toEqual(['first', 'waiting']);
    expect(outcomes.filter((outcome) => outcome.reason === 'SKIPPED')).toEqual([]);
  });
});
