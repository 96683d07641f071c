import { execFile } from 'node:child_process';
import { readFileSync, statSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../../src-main/core/config';

const run = promisify(execFile);
const BIN = join(PROJECT_ROOT, 'bin', 'sightline.mjs');
const BUNDLE = join(PROJECT_ROOT, 'out', 'serve', 'server.mjs');
const STAMP = join(PROJECT_ROOT, 'out', 'serve', 'server.stamp');

describe('bin/sightline.mjs runs the sources bundled, rebuilt when one changes', () => {
  it('builds out/serve/server.mjs, and builds it again after a source file changes', async () => {
    const first = await run(process.execPath, [BIN, '--help']);
    expect(first.stdout).toContain('sightline serve');
    const stamp = readFileSync(STAMP, 'utf8');
    const built = statSync(BUNDLE).mtimeMs;

    // A second start with nothing changed loads the same bundle.
    await run(process.execPath, [BIN, '--help']);
    expect(statSync(BUNDLE).mtimeMs).toBe(built);

    // An edit (here: a newer modification time) makes the next start rebuild.
    const source = join(PROJECT_ROOT, 'src-shared', 'rules', 'lanes.ts');
    const before = statSync(source);
    try {
      utimesSync(source, before.atime, new Date(before.mtimeMs + 2_000));
      const again = await run(process.execPath, [BIN, '--help']);
      expect(again.stdout).toContain('sightline serve');
      expect(readFileSync(STAMP, 'utf8')).not.toBe(stamp);
      expect(statSync(BUNDLE).mtimeMs).toBeGreaterThan(built);
    } finally {
      utimesSync(source, before.atime, before.mtime);
    }
  });

});
