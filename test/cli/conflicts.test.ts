import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
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
});
