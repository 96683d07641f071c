import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runJob } from '../../src-main/runner/run-job';
import type { ExecutionJob, MultiStepCheckInput } from '../../src-main/runner/types';
import type { z } from 'zod';
import { MultiStepRunInput } from '../../src-shared/schemas/multistep-check';

let tempRoot = '';

beforeAll(async () => {
  tempRoot = await mkdtemp(join(tmpdir(), 'sightline-paths-test-'));
});
afterAll(async () => {
  await rm(tempRoot, { recursive: true, force: true });
});

function job(check: Partial<z.input<typeof MultiStepRunInput>>): ExecutionJob {
  return { checkId: 'c0ffee00-0000-4000-8000-000000000009', checkType: 'MULTI_STEP', runLocation: 'local', timeoutMs: 15_000, check: MultiStepRunInput.parse({ script: 'console.log(1)', ...check }) };
}

const files = (...paths: string[]) => paths.map((path) => ({ path, content: 'export {};\n' }));

/** Checks saved before the rule existed may hold these: each run is a script error naming the path, never an executor crash. */
const STORED: Array<[string, Partial<MultiStepCheckInput>, string]> = [
  ['"."', { dependencies: files('.') }, 'dependency path "." must name a file inside the check\'s folder (not empty, "." or only slashes)'],
  ['"lib/.."', { dependencies: files('lib/..') }, 'dependency path "lib/.." must not contain a ".." segment'],
  ['a file where a folder is needed', { dependencies: files('lib', 'lib/a.ts') }, 'dependency path "lib/a.ts" needs a folder "lib", which dependencies[0].path already names as a file'],
  ['a folder named as a file', { dependencies: files('lib/a.ts', 'lib') }, 'dependency path "lib" is a folder of dependencies[0].path, so it cannot also be a file'],
  ['the same file twice', { dependencies: files('lib/a.ts', './lib//a.ts') }, 'dependency path "./lib//a.ts" is the same file as dependencies[0].path'],
  ['a dependency at the script path', { scriptPath: 'main.spec.ts', dependencies: files('main.spec.ts') }, 'dependency path "main.spec.ts" is the same file as scriptPath'],
  ['a control character', { dependencies: files('a\u0001.ts') }, 'dependency path "a\\u0001.ts" must not contain NUL or other control characters'],
  ['an absolute scriptPath', { scriptPath: '/tmp/x.spec.ts' }, 'scriptPath "/tmp/x.spec.ts" must be relative to the check\'s folder, not absolute'],
];

describe('multi-step runs of checks stored with bad file paths', () => {
  it.each(STORED)('%s fails as SCRIPT_ERROR naming the path and leaves nothing behind', async (_label, check, message) => {
    const result = await runJob(job(check), { now: () => new Date(), tempRoot });
    expect(result).toMatchObject({ hasErrors: true, hasFailures: true, error: { kind: 'SCRIPT_ERROR', message } });
    expect(await readdir(tempRoot)).toEqual([]);
  });
});
