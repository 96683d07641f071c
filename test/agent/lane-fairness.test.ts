import { describe, expect, it } from 'vitest';
import { EmbeddedAgent } from '../../src-main/agent/embedded-agent';
import { reservedSlots } from '../../src-main/agent/lane';
import { systemClock } from '../../src-main/core/clock';
import { createLogger } from '../../src-main/core/logger';
import type { JobOutcome, RunJob } from '../../src-main/runner/jobs';
import type { ExecutionJob, ExecutionResult } from '../../src-main/runner/types';
import { MultiStepRunInput } from '../../src-shared/schemas/multistep-check';

/** Jobs whose runs end only when the test says so: a slow (or wedged) run holds its slot meanwhile. */
function harness(capacity: number) {
  const started: string[] = [];
  const finishers = new Map<string, () => void>();
  const outcomes: JobOutcome[] = [];
  const result = { hasFailures: false, hasErrors: false, aborted: false } as unknown as ExecutionResult;
  const agent = new EmbeddedAgent({
    clock: systemClock,
    logger: createLogger('silent'),
    lanes: { MULTI_STEP: capacity },
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
    expect(started).toEqual(flood.slice(0, 8 - reservedSlots(8)));
    expect(agent.laneStats().find((lane) => lane.lane === 'MULTI_STEP')).toMatchObject({ running: 7, queued: 33 });

    const other = submit('other');
    await settled();
    expect(started).toContain(other);
  });

  it('serves waiting accounts in turn as slots free up, whoever queued first', async () => {
    const { started, submit, finish, settled } = harness(4);
    const a = Array.from({ length: 10 }, () => submit('a'));
    await settled();
    const b = Array.from({ length: 10 }, () => submit('b'));
    Array.from({ length: 10 }, () => submit('c'));
    await settled();
    // a holds its cap (3), b takes the reserved slot.
    expect(started).toEqual([...a.slice(0, 3), b[0]]);
    for (const id of [...started]) finish(id);
    await settled();
    // Four slots free: the accounts in turn, in the order they got back in line (b after its first run).
    expect(started.slice(4).map((id) => id.split('-')[0])).toEqual(['a', 'c', 'b', 'a']);
  });

  it('lets one account alone use every slot but the reserve, and skips the longest queue when queues are full', async () => {
    expect([1, 2, 8, 16, 32, 4000].map(reservedSlots)).toEqual([0, 1, 1, 1, 2, 250]);
    const { outcomes, settled } = harness(1);
    const agent = new EmbeddedAgent({
      clock: systemClock,
      logger: createLogger('silent'),
      lanes: { MULTI_STEP: 1 },
      maxQueue: 3,
      onOutcome: (outcome) => outcomes.push(outcome),
      run: () => new Promise<ExecutionResult>(() => {}),
    });
    const job = (accountId: string, n: number): RunJob => ({
      jobId: `${accountId}-${n}`,
      sessionId: `${accountId}-${n}`,
      accountId,
      attempt: 1,
      execution: { checkId: `${accountId}-${n}`, checkType: 'MULTI_STEP', runLocation: 'local', timeoutMs: 60_000, check: MultiStepRunInput.parse({ script: 'test' }) },
      enqueuedAt: Date.now(),
      plannedAt: Date.now(),
      dropAfter: Date.now() + 600_000,
      slot: 'local',
      candidates: ['local'],
      retry: { strategy: null, doubleCheck: false },
      firstAttemptAt: Date.now(),
      periodMs: 600_000,
    });
    agent.submit(job('a', 0));
    await settled();
    agent.submit(job('b', 1));
    agent.submit(job('a', 2));
    agent.submit(job('a', 3));
    agent.submit(job('a', 4)); // the queue holds 3: the flooder's oldest waiting job goes, not b's
    expect(outcomes.map((o) => [o.job.jobId, o.reason])).toEqual([['a-2', 'SKIPPED']]);
  });
});
