import { describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan } from '../../src-main/http/json-depth';
import { MAX_STEP_NESTING, summarizeReport } from '../../src-main/runner/multistep-report';

interface Step {
  title: string;
  duration: number;
  steps?: Step[];
}

function nestedSteps(levels: number): Step {
  let step: Step = { title: `level ${levels}`, duration: 1 };
  for (let level = levels - 1; level >= 1; level--) step = { title: `level ${level}`, duration: 1, steps: [step] };
  return step;
}

function levelsOf(steps: Step[] | undefined): number {
  return steps?.length ? 1 + Math.max(...steps.map((s) => levelsOf(s.steps))) : 0;
}

describe('multi-step report: nested steps', () => {
  it('keeps 20 levels of test.step nesting, so that a remote agent can post the outcome under the JSON depth limit', () => {
    const report = { suites: [{ title: 'check.spec.ts', specs: [{ title: 'deep', tests: [{ results: [{ status: 'passed', duration: 5, steps: [nestedSteps(40)] }] }] }] }] };
    const summary = summarizeReport(report, '/work');
    expect(levelsOf(summary.tests[0].steps)).toBe(MAX_STEP_NESTING);
    expect(MAX_STEP_NESTING).toBe(20);
    // As `sightline agent` posts it to /v1/agent/jobs/:jobId/outcome.
    const outcome = { agentId: 'a', result: { hasErrors: false, multiStepCheckResult: { errors: [], tests: summary.tests, jobLog: [] } } };
    expect(jsonNestsDeeperThan(JSON.stringify(outcome))).toBe(false);
  });
});
