import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { icmpBody, startServer, type TestServer } from '../helpers/server';
import { cliCacheDir, CLI_TEST_TIMEOUT, ensureCli, runCli } from './harness';

const PROJECT = 'ci-import';
const SCRIPT = "import { test, expect } from '@playwright/test'\ntest('home', async ({ request }) => {\n  expect((await request.get('http://127.0.0.1:9/')).ok()).toBe(false)\n})\n";

async function generated(dir: string): Promise<string> {
  const out: string[] = [];
  const walk = async (at: string) => {
    for (const entry of await readdir(at, { withFileTypes: true })) {
      if (entry.isDirectory()) await walk(join(at, entry.name));
      else out.push(await readFile(join(at, entry.name), 'utf8'));
    }
  };
  await walk(join(dir, '__checks__'));
  return out.join('\n');
}

/**
 * Issue 32, item 7: `checkly import` in CI (CI=1), as the CLI 8.23.2 allows it: `import plan` creates
 * the plan and writes the code, then asks "apply now?" whatever the mode (with nothing on stdin it
 * never returns and Node exits 13: docs/DECISIONS.md). Scripted as the README says: `n` on stdin
 * answers the prompt; `import apply` and `import commit --force` then find the plan on their own.
 * The deployed code keeps the retry doubleCheck stood for, and locations [].
 */
describe('the public CLI (checkly 8.23.2): import in CI, and what the imported code keeps', { timeout: CLI_TEST_TIMEOUT }, () => {
  let server: TestServer;
  let dir: string;

  beforeAll(async () => {
    await ensureCli();
    server = await startServer();
    dir = await mkdtemp(join(tmpdir(), 'sightline-import-ci-'));
    await symlink(join(cliCacheDir(), 'node_modules'), join(dir, 'node_modules'), 'dir');
    await writeFile(join(dir, 'checkly.config.ts'), `import { defineConfig } from 'checkly'\nexport default defineConfig({ projectName: 'CI import', logicalId: '${PROJECT}', checks: { checkMatch: '**/__checks__/**/*.check.ts' } })\n`);
    await writeFile(join(dir, 'package.json'), JSON.stringify({ name: PROJECT, private: true, devDependencies: { checkly: '8.23.2' } }));
  });
  afterAll(async () => {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('plan answered `n` on stdin exits 0 with the plan made; apply and commit then run headless; the prompt-answer variable does all three at once; a deploy keeps the retry and the empty locations', async () => {
    const create = async (path: string, body: Record<string, unknown>) => {
      const res = await server.api('POST', path, body);
      expect(res.status, res.text).toBe(201);
      return res.body as { id: string; doubleCheck: boolean; retryStrategy: unknown; locations: string[] };
    };
    // Created with the API's defaults: doubleCheck true, no retry strategy, no public locations.
    const ping = await create('/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name: 'Gateway ping' }));
    expect(ping).toMatchObject({ doubleCheck: true, retryStrategy: null, locations: [] });
    const flow = await create('/v1/checks/multistep?autoAssignAlerts=false', { name: 'Login flow', script: SCRIPT });
    expect(flow).toMatchObject({ doubleCheck: true, retryStrategy: null });
    const fixed = { type: 'FIXED', baseBackoffSeconds: 30, maxRetries: 2, maxDurationSeconds: 600, sameRegion: true };
    const steady = await create('/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name: 'Steady ping', doubleCheck: false, retryStrategy: fixed }));
    // The project exists, as after a first `checkly deploy` (otherwise `import plan` asks to create it).
    expect((await server.api('POST', '/next/projects', { name: 'CI import', logicalId: PROJECT })).status).toBe(201);

    // `echo n | npx checkly import plan …`: the prompt reads the keypress from the pipe.
    const plan = await runCli(server, ['import', 'plan', `check:${ping.id}`, `check:${flow.id}`, `check:${steady.id}`], {}, { cwd: dir, input: 'n\n' });
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(plan.stdout).toContain('Your import plan has been created!');
    expect(plan.stdout).toContain('Would you like to apply the plan now?');
    expect(plan.stdout).toContain('npx checkly import apply');
    const [made] = (await server.api('GET', `/next/projects/${PROJECT}/imports`)).body as { id: string; appliedAt?: string }[];
    expect(made.appliedAt).toBeUndefined();
    const code = await generated(dir);
    // doubleCheck as the one strategy the generator writes for it; the explicit strategy as it was.
    expect(code.match(/RetryStrategyBuilder\.singleRetry\(\{\s*baseBackoffSeconds: 1,\s*sameRegion: false,?\s*\}\)/g)).toHaveLength(2);
    expect(code).toMatch(/RetryStrategyBuilder\.fixedStrategy\(\{\s*baseBackoffSeconds: 30,\s*maxRetries: 2,\s*maxDurationSeconds: 600,\s*sameRegion: true,?\s*\}\)/);

    // No --plan-id: in CI the one unapplied plan is taken, and the commit prompt is skipped.
    const apply = await runCli(server, ['import', 'apply'], {}, { cwd: dir });
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    expect(apply.stdout).toContain('The plan is applied but not committed');
    expect(apply.stdout).toContain(`npx checkly import commit --plan-id ${made.id}`);
    const commit = await runCli(server, ['import', 'commit', '--force'], {}, { cwd: dir });
    expect(commit.code, commit.stdout + commit.stderr).toBe(0);
    const [done] = (await server.api('GET', `/next/projects/${PROJECT}/imports`)).body as { committedAt?: string }[];
    expect(done.committedAt).toEqual(expect.any(String));
    const bindings = (await server.api('GET', `/next/projects/${PROJECT}/resources`)).body as { logicalId: string; pending: boolean }[];
    expect(bindings.map((b) => `${b.logicalId} ${b.pending}`).sort()).toEqual([`check-${flow.id} false`, `check-${ping.id} false`, `check-${steady.id} false`].sort());

    // The one-command way: the CLI's own prompt-answer hook (its E2E tests' variable, not a public
    // interface) answers "apply now?" and "commit now?" yes, so plan, apply and commit run at once.
    const later = await create('/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name: 'Later ping' }));
    const oneStep = await runCli(server, ['import', 'plan', `check:${later.id}`], { CHECKLY_E2E_PROMPTS_INJECTIONS: '[true,true]' }, { cwd: dir });
    expect(oneStep.code, oneStep.stdout + oneStep.stderr).toBe(0);
    expect(oneStep.stdout).toContain('Your import plan has been committed!');
    const plans = (await server.api('GET', `/next/projects/${PROJECT}/imports`)).body as { committedAt?: string }[];
    expect(plans.map((p) => typeof p.committedAt)).toEqual(['string', 'string']);

    const deploy = await runCli(server, ['deploy', '--force'], {}, { cwd: dir });
    expect(deploy.code, deploy.stdout + deploy.stderr).toBe(0);
    const read = async (id: string) => (await server.api('GET', `/v1/checks/${id}`)).body as { retryStrategy: unknown; locations: string[] };
    const once = { type: 'SINGLE_RETRY', baseBackoffSeconds: 1, sameRegion: false };
    // Still retried once from another location (1 s later rather than at once); still on no public location.
    expect(await read(ping.id)).toMatchObject({ retryStrategy: once, locations: [] });
    expect(await read(flow.id)).toMatchObject({ retryStrategy: once, locations: [] });
    expect(await read(steady.id)).toMatchObject({ retryStrategy: fixed, locations: [] });
    expect(await read(later.id)).toMatchObject({ retryStrategy: once, locations: [] });
  });
});
