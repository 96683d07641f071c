import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { trpcClient, trpcError } from '../helpers/trpc';

const PATH = '/v1/checks/multistep';
const SCRIPT = "import { test } from '@playwright/test';\ntest('t', async () => {});\n";

type Dependency = { path: string; content: string };
const file = (path: string): Dependency => ({ path, content: 'export {};\n' });
const body = (dependencies: Dependency[], members: Record<string, unknown> = {}) => ({ name: 'Files', script: SCRIPT, dependencies, ...members });

/** [what is wrong, dependency paths, the message: the entry it names, then why]. */
const REFUSED: Array<[string, string[], string]> = [
  ['a ".." segment', ['../escape.ts'], 'dependencies[0].path: must not contain a ".." segment'],
  ['".." inside', ['lib/../../x.ts'], 'dependencies[0].path: must not contain a ".." segment'],
  ['".." at the end', ['ok.ts', 'lib/..'], 'dependencies[1].path: must not contain a ".." segment'],
  ['an absolute path', ['/etc/passwd'], "dependencies[0].path: must be relative to the check's folder, not absolute"],
  ['a Windows drive', ['C:\\Windows\\x.ts'], "dependencies[0].path: must be relative to the check's folder, not absolute"],
  ['a drive-relative Windows path', ['c:x.ts'], "dependencies[0].path: must be relative to the check's folder, not absolute"],
  ['a UNC path', ['\\\\server\\share\\x.ts'], "dependencies[0].path: must be relative to the check's folder, not absolute"],
  ['node_modules', ['node_modules/@playwright/test/index.js'], 'dependencies[0].path: must not be inside node_modules, which Sightline provides'],
  ['node_modules further down, any case', ['lib/Node_Modules/x.js'], 'dependencies[0].path: must not be inside node_modules, which Sightline provides'],
  ['"."', ['.'], 'dependencies[0].path: must name a file inside the check\'s folder (not empty, "." or only slashes)'],
  ['"./"', ['./'], 'dependencies[0].path: must name a file inside the check\'s folder (not empty, "." or only slashes)'],
  ['blank', [' ', 'a.ts'], 'dependencies[0].path: must name a file inside the check\'s folder (not empty, "." or only slashes)'],
  // Refused before validation, as in every member of every body (PostgreSQL cannot store it).
  ['a NUL character', ['lib/a\u0000.ts'], 'dependencies[0].path: must not contain the NUL character (\\u0000)'],
  ['a newline', ['lib/a\n.ts'], 'dependencies[0].path: must not contain NUL or other control characters'],
  ['the same file twice', ['lib/a.ts', 'lib/b.ts', 'lib/a.ts'], 'dependencies[2].path: is the same file as dependencies[0].path'],
  ['the same file after normalising', ['lib/a.ts', './lib//a.ts'], 'dependencies[1].path: is the same file as dependencies[0].path'],
  ['the same file with backslashes', ['lib/a.ts', 'lib\\a.ts'], 'dependencies[1].path: is the same file as dependencies[0].path'],
  ['the same file in another case', ['lib/A.ts', 'LIB/a.ts'], 'dependencies[1].path: is the same file as dependencies[0].path'],
  ['a file where a folder is needed', ['lib', 'lib/a.ts'], 'dependencies[1].path: needs a folder "lib", which dependencies[0].path already names as a file'],
  ['a folder named as a file', ['lib/a/b.ts', 'lib/a'], 'dependencies[1].path: is a folder of dependencies[0].path, so it cannot also be a file'],
  ['the default script file', ['check.spec.ts'], 'dependencies[0].path: is the check\'s script file ("check.spec.ts" when scriptPath is not set)'],
];

describe('multi-step dependency paths', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({ config: { rateLimitPerMinute: 100_000 } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const total = async () => (await server.api('GET', '/v1/checks')).headers.get('content-range');

  it.each(REFUSED)('refuses %s at create with 400 naming the entry, and stores nothing', async (_label, paths, message) => {
    const before = await total();
    const res = await server.api('POST', PATH, body(paths.map(file)));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(res.body.message).toBe(message);
    expect(await total()).toBe(before);
  });

  it('names every bad entry at once', async () => {
    const res = await server.api('POST', PATH, body(['ok.ts', '../x.ts', 'ok.ts'].map(file)));
    expect(res.body.message).toBe('dependencies[1].path: must not contain a ".." segment; dependencies[2].path: is the same file as dependencies[0].path');
  });

  it('refuses a dependency at the scriptPath, and a bad scriptPath', async () => {
    const clash = await server.api('POST', PATH, body([file('tests/login.spec.ts')], { scriptPath: './tests/login.spec.ts' }));
    expect(clash.status).toBe(400);
    expect(clash.body.message).toBe('dependencies[0].path: is the same file as scriptPath');
    const folder = await server.api('POST', PATH, body([file('tests/login.spec.ts/x.ts')], { scriptPath: 'tests/login.spec.ts' }));
    expect(folder.body.message).toBe('dependencies[0].path: needs a folder "tests/login.spec.ts", which scriptPath already names as a file');
    const outside = await server.api('POST', PATH, body([], { scriptPath: '../login.spec.ts' }));
    expect(outside.status).toBe(400);
    expect(outside.body.message).toBe('scriptPath: must not contain a ".." segment');
  });

  it('accepts nested folders, several files per folder and paths that only look odd, storing them as given', async () => {
    const dependencies = ['lib/a.ts', 'lib/b.ts', 'lib/util/c.ts', './helpers/d.ts', 'data.json', '..hidden/e.ts', 'f..ts', 'check.spec.ts.bak'].map(file);
    const res = await server.api('POST', PATH, body(dependencies, { scriptPath: 'tests/main.spec.ts' }));
    expect(res.status, res.text).toBe(201);
    expect(res.body.dependencies).toEqual(dependencies);
    expect((await server.api('GET', `/v1/checks/${res.body.id}`)).body.dependencies).toEqual(dependencies);
  });

  it('checks the merged check on PUT: a new dependency may not clash with the stored ones, and nothing changes', async () => {
    const created = await server.api('POST', PATH, body([file('lib/a.ts')], { scriptPath: 'tests/main.spec.ts' }));
    expect(created.status).toBe(201);
    const url = `${PATH}/${created.body.id}`;
    for (const [patch, message] of [
      [{ dependencies: [file('lib/a.ts'), file('lib/a.ts')] }, 'dependencies[1].path: is the same file as dependencies[0].path'],
      [{ dependencies: [file('tests/main.spec.ts')] }, 'dependencies[0].path: is the same file as scriptPath'],
      [{ scriptPath: 'lib/a.ts' }, 'dependencies[0].path: is the same file as scriptPath'],
      [{ dependencies: [file('node_modules/x.js')] }, 'dependencies[0].path: must not be inside node_modules, which Sightline provides'],
    ] as const) {
      const res = await server.api('PUT', url, patch);
      expect(res.status, JSON.stringify(patch)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    expect((await server.api('GET', `/v1/checks/${created.body.id}`)).body).toEqual(created.body);
    const fine = await server.api('PUT', url, { dependencies: [file('lib/a.ts'), file('lib/b.ts')] });
    expect(fine.status).toBe(200);
  });

  it('gives tRPC (and so the console form) the same messages as REST', async () => {
    const trpc = trpcClient(server.url, server.key);
    const error = await trpcError(trpc.checks.createMultiStep.mutate(body([file('lib'), file('lib/a.ts')])));
    expect(error.data?.code).toBe('BAD_REQUEST');
    expect(error.message).toBe('dependencies[1].path: needs a folder "lib", which dependencies[0].path already names as a file');
    const created = await trpc.checks.createMultiStep.mutate(body([file('lib/a.ts')]));
    const update = await trpcError(trpc.checks.updateMultiStep.mutate({ id: created.id, patch: { dependencies: [file('/abs.ts')] } }));
    expect(update.message).toBe("patch.dependencies[0].path: must be relative to the check's folder, not absolute");
    expect(await trpc.checks.get.query({ id: created.id })).toEqual(created);
  });
});
