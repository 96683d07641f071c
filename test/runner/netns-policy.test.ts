import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { netnsSkipReason } from './netns';

/** An `ip` that answers `-V` but cannot make namespaces, as in a container without the capability. */
const BROKEN_IP = '#!/bin/sh\nif [ "$1" = "-V" ]; then echo "ip utility, fake"; exit 0; fi\necho "mount --make-shared /run/netns failed: Operation not permitted" >&2\nexit 1\n';

describe('when the network-namespace suites skip', () => {
  const saved = { path: process.env.PATH, ci: process.env.CI };
  let brokenDir = '';
  let emptyDir = '';

  beforeAll(async () => {
    brokenDir = await mkdtemp(join(tmpdir(), 'sightline-fake-ip-'));
    emptyDir = await mkdtemp(join(tmpdir(), 'sightline-no-ip-'));
    await writeFile(join(brokenDir, 'ip'), BROKEN_IP);
    await chmod(join(brokenDir, 'ip'), 0o755);
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterAll(async () => {
    process.env.PATH = saved.path;
    if (saved.ci === undefined) delete process.env.CI;
    else process.env.CI = saved.ci;
    vi.restoreAllMocks();
    await rm(brokenDir, { recursive: true, force: true });
    await rm(emptyDir, { recursive: true, force: true });
  });

  function reasonWith(path: string, ci: string | undefined): string | null {
    process.env.PATH = path;
    if (ci === undefined) delete process.env.CI;
    else process.env.CI = ci;
    try {
      return netnsSkipReason('the test suite');
    } finally {
      process.env.PATH = saved.path;
    }
  }

  if (process.getuid?.() !== 0) {
    it('skip without root, saying so', () => {
      expect(reasonWith(saved.path ?? '', 'true')).toBe('not running as root');
    });
    return;
  }

  it('never skip under CI on a root machine with ip: a broken ip makes them run and fail', () => {
    expect(reasonWith(brokenDir, 'true')).toBeNull();
    expect(reasonWith(brokenDir, '1')).toBeNull();
  });

  it('skip outside CI with ip\'s own error as the printed reason', () => {
    expect(reasonWith(brokenDir, undefined)).toBe('"ip netns" is unavailable: mount --make-shared /run/netns failed: Operation not permitted');
    expect(reasonWith(brokenDir, 'false')).toMatch(/^"ip netns" is unavailable/);
    expect(console.warn).toHaveBeenCalledWith(expect.stringMatching(/^skipping the test suite: "ip netns" is unavailable/));
  });

  it('skip when ip is not installed, even under CI (the machine does not support them)', () => {
    expect(reasonWith(emptyDir, 'true')).toBe('"ip" (iproute2) is not installed');
  });

  it('run here, where namespaces work', () => {
    expect(reasonWith(saved.path ?? '', undefined)).toBeNull();
  });
});
