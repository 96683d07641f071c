import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { trpcClient } from '../helpers/trpc';
import { CLI_TEST_TIMEOUT, cliCacheDir, ensureCli, runCli } from './harness';

const CONFIG = `import { defineConfig } from 'checkly'

export default defineConfig({
  projectName: 'Clashing project',
  logicalId: 'clashing-project',
  checks: { checkMatch: '__checks__/**/*.check.ts', locations: [], frequency: 10 },
  cli: { runLocation: 'eu-west-1' },
})
`;

/** A project of one construct, in a private folder that resolves `checkly` from the cached install. */
async function projectWith(construct: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'sightline-conflict-project-'));
  await mkdir(join(dir, '__checks__'));
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'clashing-project', private: true }));
  await writeFile(join(dir, 'checkly.config.ts'), CONFIG);
  await writeFile(join(dir, '__checks__', 'resources.check.ts'), construct);
  await symlink(join(cliCacheDir(), 'node_modules'), join(dir, 'node_modules'), 'dir');
  return dir;
}

/**
 * A deploy that clashes with a resource made outside the project must say which resource and what
 * clash: the CLI shows any 409 as "a deployment is still in progress" and nothing else.
 */
describe('a deploy that clashes with an existing resource', { timeout: CLI_TEST_TIMEOUT * 2 }, () => {
  let server: TestServer;
  const dirs: string[] = [];

  beforeAll(async () => {
    await ensureCli();
    server = await startServer();
    const location = await server.api('POST', '/v1/private-locations', { name: 'Taken', slugName: 'taken-slug' });
    expect(location.status, location.text).toBe(201);
    const page = await server.api('POST', '/v1/status-pages', { name: 'Taken page', url: 'taken-url', cards: [] });
    expect(page.status, page.text).toBe(201);
  }, CLI_TEST_TIMEOUT);
  afterAll(async () => {
    await server?.stop();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  });

  const deploy = async (construct: string, ...flags: string[]) => {
    const dir = await projectWith(construct);
    dirs.push(dir);
    return runCli(server, ['deploy', ...flags], {}, { cwd: dir });
  };
  /** The project's history as the console's Projects page reads it, newest first. */
  const history = async () => {
    const trpc = trpcClient(server.url, server.key);
    const project = (await trpc.projects.list.query()).find((p) => p.logicalId === 'clashing-project');
    return project ? (await trpc.projects.get.query({ id: project.id })).deployments : [];
  };

  it('a private location whose slugName is taken: deploy and preview name it and the clash', async () => {
    const construct = "import { PrivateLocation } from 'checkly/constructs'\n\nnew PrivateLocation('edge-location', { name: 'Edge', slugName: 'taken-slug' })\n";
    for (const flags of [['--force'], ['--preview']]) {
      const run = await deploy(construct, ...flags);
      const output = run.stdout + run.stderr;
      expect(run.code, output).toBe(1);
      expect(output).not.toContain('still in progress');
      expect(output).toContain('Your project could not be deployed.');
      expect(output).toContain('private-location "edge-location"');
      expect(output).toContain('slugName "taken-slug" already exists');
    }
    expect((await server.api('GET', '/v1/private-locations')).body.map((l: { slugName: string }) => l.slugName)).toEqual(['taken-slug']);
    // Both attempts are in the project's history (issue 32, item 7), refused with what the CLI printed.
    const refused = await history();
    expect(refused.map((d) => `${d.status} ${d.httpStatus} ${d.operation}`)).toEqual(['REFUSED 400 deploy', 'REFUSED 400 deploy']);
    for (const attempt of refused) {
      expect(attempt.error).toContain('private-location "edge-location"');
      expect(attempt.error).toContain('slugName "taken-slug" already exists');
      expect(attempt.counts).toEqual({ CREATE: 0, UPDATE: 0, UNCHANGED: 0, DELETE: 0, DETACHED: 0 });
    }
  });

  it('a status page whose url is taken: deploy names it and the clash', async () => {
    const run = await deploy(
      "import { StatusPage } from 'checkly/constructs'\n\nnew StatusPage('public-page', { name: 'Public', url: 'taken-url', cards: [] })\n",
      '--force',
    );
    const output = run.stdout + run.stderr;
    expect(run.code, output).toBe(1);
    expect(output).not.toContain('still in progress');
    expect(output).toContain('status-page "public-page"');
    expect(output).toContain('the url "taken-url" already exists');
  });

  it('the history counts what a redeploy really changed: one renamed location of three is 1 updated, 2 unchanged', async () => {
    const locations = (names: string[]) =>
      "import { PrivateLocation } from 'checkly/constructs'\n\n" +
      names.map((name, i) => `new PrivateLocation('site-${i}', { name: '${name}', slugName: 'site-${i}' })\n`).join('');
    for (const names of [['North', 'South', 'East'], ['North', 'South', 'East'], ['North', 'South', 'East side']]) {
      const run = await deploy(locations(names), '--force');
      expect(run.code, run.stdout + run.stderr).toBe(0);
    }
    const [renamed, same, first] = (await history()).filter((d) => d.status === 'SUCCEEDED');
    expect(first.counts).toMatchObject({ CREATE: 3, UPDATE: 0, UNCHANGED: 0 });
    expect(same.counts).toEqual({ CREATE: 0, UPDATE: 0, UNCHANGED: 3, DELETE: 0, DETACHED: 0 });
    expect(renamed.counts).toEqual({ CREATE: 0, UPDATE: 1, UNCHANGED: 2, DELETE: 0, DETACHED: 0 });
    expect(renamed.diff.map((d) => `${d.action} ${d.type} ${d.logicalId}`)).toEqual(['UPDATE private-location site-2']);
  });
});
