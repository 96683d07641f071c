import { beforeEach, describe, expect, it } from 'vitest';
import type { RunFn } from '../../src-main/agent/embedded-agent';
import type { ExecutionJob } from '../../src-main/runner/types';
import { addMemberWithKey } from '../accounts/helpers';
import { trpcClient, trpcCode, trpcError } from '../helpers/trpc';
import { useServerWithClients } from '../helpers/trpc-server';

const MASK = '*****';
const SCRIPT = "import { test } from '@playwright/test';\ntest('noop', async () => {});";

/** Records what the executor is handed and answers with a failed multi-step result. */
function recordingRun(jobs: ExecutionJob[]): RunFn {
  return async (job) => {
    jobs.push(job);
    const now = new Date().toISOString();
    return {
      hasErrors: false,
      hasFailures: true,
      isDegraded: false,
      overMaxResponseTime: false,
      aborted: false,
      timedOut: false,
      responseTime: 42,
      startedAt: now,
      stoppedAt: now,
      error: { kind: 'ASSERTION_FAILED', message: 'step 1 failed' },
      assertions: [],
      multiStepCheckResult: { startTime: 1, endTime: 2, runtimeVersion: '2026.04', errors: [], tests: [{ title: 'first step', status: 'failed', duration: 3, errors: [], steps: [] }], jobLog: [] },
    };
  };
}

describe('console.runMultiStepOnce: a script run that records nothing', () => {
  const jobs: ExecutionJob[] = [];

  const env = useServerWithClients({ run: recordingRun(jobs) });
  beforeEach(() => {
    jobs.length = 0;
  });

  it('runs the script once on this machine and answers with its result; no check, session or result is stored', async () => {
    const result = await env.trpc.console.runMultiStepOnce.mutate({ script: SCRIPT, environmentVariables: [{ key: 'PLAIN', value: 'one' }] });
    expect(result).toMatchObject({ status: 'FAILED', message: 'step 1 failed', errorKind: 'ASSERTION_FAILED', responseTime: 42, timedOut: false });
    expect(result.multiStepCheckResult).toMatchObject({ tests: [{ title: 'first step', status: 'failed' }] });
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ checkType: 'MULTI_STEP', runLocation: 'local', timeoutMs: 30_000, check: { script: SCRIPT } });
    expect((await env.server.api('GET', '/v1/checks')).body).toEqual([]);
    expect(await env.trpc.checkSessions.listRecent.query({})).toEqual([]);
  });

  it('runs with the account, group and own variables, a stored secret kept through the mask', async () => {
    expect((await env.server.api('POST', '/v1/variables', { key: 'ACCOUNT_VAR', value: 'from-account' })).status).toBe(201);
    const group = await env.trpc.checkGroups.create.mutate({ group: { name: 'Lends variables', environmentVariables: [{ key: 'GROUP_VAR', value: 'from-group' }] } });
    const check = await env.trpc.checks.createMultiStep.mutate({ name: 'Has a secret', script: SCRIPT, environmentVariables: [{ key: 'TOKEN', value: 's3cr3t', secret: true }] });
    jobs.length = 0;
    await env.trpc.console.runMultiStepOnce.mutate({
      checkId: check.id,
      groupId: group.id,
      script: SCRIPT,
      maxResponseTime: 5000,
      environmentVariables: [
        { key: 'TOKEN', value: MASK, secret: true },
        { key: 'GROUP_VAR', value: 'own wins' },
      ],
    });
    const variables = Object.fromEntries((jobs[0] as Extract<ExecutionJob, { checkType: 'MULTI_STEP' }>).check.environmentVariables!.map((v) => [v.key, v.value]));
    expect(variables).toEqual({ ACCOUNT_VAR: 'from-account', GROUP_VAR: 'own wins', TOKEN: 's3cr3t' });
    expect(jobs[0].timeoutMs).toBe(5000);
    // A mask with no stored secret behind it is refused, as on save.
    expect(await trpcCode(env.trpc.console.runMultiStepOnce.mutate({ script: SCRIPT, environmentVariables: [{ key: 'TOKEN', value: MASK, secret: true }] }))).toBe('BAD_REQUEST');
  });

  it('validates like the form: a script is required; an unknown check is 404', async () => {
    expect(await trpcCode(env.trpc.console.runMultiStepOnce.mutate({ script: '' }))).toBe('BAD_REQUEST');
    expect(await trpcCode(env.trpc.console.runMultiStepOnce.mutate({ script: SCRIPT, checkId: 'no-such-check' }))).toBe('NOT_FOUND');
    expect(jobs).toHaveLength(0);
  });

  it('needs write access, like saving the script: READ_WRITE may, READ_RUN and READ_ONLY may not, and nothing runs for them', async () => {
    const writer = await addMemberWithKey(env.server, 'READ_WRITE');
    const runner = await addMemberWithKey(env.server, 'READ_RUN');
    const reader = await addMemberWithKey(env.server, 'READ_ONLY');
    const refused = await trpcError(trpcClient(env.server.url, runner.key).console.runMultiStepOnce.mutate({ script: SCRIPT }));
    expect(refused.data?.code).toBe('FORBIDDEN');
    expect(refused.message).toBe('Forbidden: READ_RUN keys may only read and trigger runs of stored checks; this operation needs a READ_WRITE, ADMIN or OWNER key');
    expect(await trpcCode(trpcClient(env.server.url, reader.key).console.runMultiStepOnce.mutate({ script: SCRIPT }))).toBe('FORBIDDEN');
    expect(jobs).toHaveLength(0);
    expect((await trpcClient(env.server.url, writer.key).console.runMultiStepOnce.mutate({ script: SCRIPT })).status).toBe('FAILED');
    expect(jobs).toHaveLength(1);
  });
});

describe('console.settings', () => {
  const env = useServerWithClients({}, ['READ_WRITE']);

  it('does not offer public location names until an admin opts in', async () => {
    expect(await env.trpc.console.settings.query()).toEqual({ offerPublicLocations: false });
    expect(await env.trpc.console.setSettings.mutate({ offerPublicLocations: true })).toEqual({ offerPublicLocations: true });
    expect(await env.trpc.console.settings.query()).toEqual({ offerPublicLocations: true });
    const writer = env.member('READ_WRITE').trpc;
    expect(await writer.console.settings.query()).toEqual({ offerPublicLocations: true });
    expect(await trpcCode(writer.console.setSettings.mutate({ offerPublicLocations: false }))).toBe('FORBIDDEN');
  });
});
