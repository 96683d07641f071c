import { execFileSync, spawnSync } from 'node:child_process';
import { OwnedServer } from '../../fixtures/owned-server';
import { expect, test as base } from '../../fixtures/server';
import { openConnected } from '../../pages/console';

/**
 * Issue 36: the console says the truth about Sightline's own state. A canary that never answered
 * is "not used", the guard is off and the agent never "offline"; a suspension of the server is
 * named as Sightline's own gap. The canary is an address on a veth link into a network namespace
 * this spec creates, where nobody holds it: its pings go nowhere else and are never answered.
 */

const SUFFIX = `${process.pid % 10_000}`;
const NS = `slown${SUFFIX}`;
const HOST_IF = `slo${SUFFIX}h`;
const NS_IF = `slo${SUFFIX}n`;
const SUBNET = `10.218.${process.pid % 250}`;
const CANARY = `${SUBNET}.77`;

function removeNamespace(): void {
  spawnSync('ip', ['link', 'del', HOST_IF]);
  spawnSync('ip', ['netns', 'del', NS]);
}

function ip(args: string[]): void {
  execFileSync('ip', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

/** The spec's own `sightline serve`: its canary never answers, and it is frozen (SIGSTOP) once. */
const test = base.extend<{ owned: OwnedServer }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
  owned: async ({}, use) => {
    const owned = await OwnedServer.start(['--canary', CANARY, '--canary-interval', '1', '--suspend-threshold', '1']);
    try {
      await use(owned);
    } finally {
      await owned.close();
    }
  },
  baseURL: async ({ owned }, use) => {
    await use(owned.current.baseURL);
  },
});

test.describe('Sightline’s own state on the Agent page', () => {
  test.beforeAll(() => {
    removeNamespace();
    ip(['netns', 'add', NS]);
    ip(['link', 'add', HOST_IF, 'type', 'veth', 'peer', 'name', NS_IF]);
    ip(['link', 'set', NS_IF, 'netns', NS]);
    ip(['addr', 'add', `${SUBNET}.1/24`, 'dev', HOST_IF]);
    ip(['link', 'set', HOST_IF, 'up']);
    ip(['-n', NS, 'link', 'set', NS_IF, 'up']);
  });

  test.afterAll(() => {
    removeNamespace();
  });

  test('a canary that never answered is "not used" and the guard is off, never offline; a suspension of the server is named as its own gap', async ({ page, owned }) => {
    test.setTimeout(90_000);
    await openConnected(page, owned.current, '/agent');

    const noUsable = page.getByRole('status').filter({ hasText: 'No usable canary: the offline guard is off' });
    await expect(noUsable).toBeVisible({ timeout: 20_000 });
    await expect(noUsable).toContainText('This agent has no usable canary');
    const notUsed = page.getByLabel('Canaries not used');
    await expect(notUsed).toContainText(`${CANARY} — not used: never answered`);
    await expect(notUsed).toContainText('--no-canary');
    await expect(page.getByText('Own connectivity: no-usable-canary')).toBeVisible();
    await expect(page.getByText(/Own connectivity: offline/)).toHaveCount(0);

    // Frozen for 2.5 s (over the 1 s threshold), as a laptop lid or SIGSTOP does.
    owned.signal('SIGSTOP');
    await page.waitForTimeout(2500);
    owned.signal('SIGCONT');
    const gaps = page.getByRole('status').filter({ hasText: 'Sightline\'s own time gaps in the last hour' });
    await expect(gaps).toBeVisible({ timeout: 20_000 });
    await expect(gaps).toContainText(/Sightline was suspended for [23] s until .*never as failures of their targets/);
    // Still no offline state after the freeze.
    await expect(page.getByText(/Own connectivity: offline/)).toHaveCount(0);
  });
});
