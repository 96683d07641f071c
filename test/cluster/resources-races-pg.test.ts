import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../../src-main/db/connection';
import { subscriptionsOfChannel, upsertSubscription } from '../../src-main/db/repositories/alert-subscriptions';
import { startPgBackends, type PgBackends } from '../helpers/pg-backends';
import { createEmailChannel, icmpBody, setMaxChecks, type ApiResponse, type TestServer } from '../helpers/server';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Issue 35, item 2 (the checks, groups, channels and locations rows of the race table): two servers
 * on one PostgreSQL take the same API writes at once. Each answer and the stored rows are what one
 * server taking the writes in turn would give: the plan limit holds, no PUT loses another's field,
 * no check is left in a deleted group or location, a slug is taken once with the normal 409, a
 * subscription is stored once, and two dependencies never close a cycle.
 */
describe('two servers writing checks, groups, channels and locations on PostgreSQL', () => {
  let team: PgBackends;
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    // Two backends in this process, each with its own pool: their transactions run at the same time.
    team = await startPgBackends('resources', 2);
    [a, b] = team.servers as [TestServer, TestServer];
  }, 60_000);

  afterAll(async () => {
    await team?.stop();
  });

  async function createCheck(server: TestServer, name: string, extra: Record<string, unknown> = {}): Promise<string> {
    const res = await server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name, ...extra }));
    if (res.status !== 201) throw new Error(`creating check ${name} answered ${res.status}: ${res.text}`);
    return res.body.id as string;
  }

  async function createGroup(server: TestServer, name: string): Promise<number> {
    const res = await server.api('POST', '/v2/check-groups?autoAssignAlerts=false', { name });
    if (res.status !== 201) throw new Error(`creating group ${name} answered ${res.status}: ${res.text}`);
    return res.body.id as number;
  }

  async function deleteAllChecks(): Promise<void> {
    const list = await a.api('GET', '/v1/checks?limit=100');
    for (const check of list.body as { id: string }[]) expect((await a.api('DELETE', `/v1/checks/${check.id}`)).status).toBe(204);
  }

  const statuses = (answers: ApiResponse[]) => answers.map((res) => res.status).sort();

  /** One pair of requests at a time, both sent at once: each server has nothing else queued, so the two transactions overlap. */
  async function inRounds<T, R>(items: readonly T[], round: (item: T, index: number) => Promise<R>): Promise<R[]> {
    const results: R[] = [];
    for (const [index, item] of items.entries()) results.push(await round(item, index));
    return results;
  }

  it('creates from both servers at once never pass the plan limit; the others get the normal 402', async () => {
    // Odd: the two servers take turns in step, so an even limit could be reached exactly even when both counted the same free places.
    await setMaxChecks(a, 5);
    try {
      const create = (server: TestServer, i: number) => server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name: `limited ${i}` }));
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => [create(a, i), create(b, i)]).flat());
      expect(statuses(answers)).toEqual([...Array(5).fill(201), ...Array(15).fill(402)]);
      for (const refused of answers.filter((res) => res.status === 402)) {
        expect(refused.body).toMatchObject({ message: expect.stringMatching(/^Your plan allows 5 checks and 5 exist/), attributes: { limit: 5, used: 5, resource: 'checks' } });
      }
      expect((await a.api('GET', '/v1/checks?limit=100')).headers.get('content-range')).toBe('0-4/5');
    } finally {
      await setMaxChecks(a, null);
      await deleteAllChecks();
    }
  }, 30_000);

  it('two PUTs of different fields of one check, one on each server at once, both stay', async () => {
    const ids = await Promise.all(Array.from({ length: 10 }, (_, i) => createCheck(a, `merged ${i}`)));
    const answers = await inRounds(ids, (id, i) =>
      Promise.all([a.api('PUT', `/v1/checks/icmp/${id}`, { name: `renamed ${i}` }), b.api('PUT', `/v1/checks/icmp/${id}`, { tags: [`tag-${i}`] })]),
    );
    expect(statuses(answers.flat())).toEqual(Array(20).fill(200));
    for (const [i, id] of ids.entries()) {
      const stored = await a.api('GET', `/v1/checks/${id}`);
      expect({ name: stored.body.name, tags: stored.body.tags }).toEqual({ name: `renamed ${i}`, tags: [`tag-${i}`] });
    }
    await deleteAllChecks();
  }, 30_000);

  it('a group deleted while a check moves into it: one of the two is refused, no check points at a missing group', async () => {
    const pairs = await Promise.all(Array.from({ length: 10 }, async (_, i) => ({ groupId: await createGroup(a, `going ${i}`), checkId: await createCheck(a, `mover ${i}`) })));
    const answers = await inRounds(pairs, async ({ groupId, checkId }) => {
      const [deleted, moved] = await Promise.all([a.api('DELETE', `/v1/check-groups/${groupId}`), b.api('PUT', `/v1/checks/icmp/${checkId}`, { groupId })]);
      return { deleted, moved };
    });
    for (const { deleted, moved } of answers) {
      if (deleted.status === 204) {
        expect(moved.status).toBe(400);
        expect(moved.body.message).toMatch(/^groupId: no check group with id/);
      } else {
        expect(moved.status).toBe(200);
        expect(deleted.status).toBe(409);
        expect(deleted.body.message).toContain('still holds 1 check');
      }
    }
    const groups = new Set(((await a.api('GET', '/v1/check-groups?limit=100')).body as { id: number }[]).map((group) => group.id));
    for (const { checkId } of pairs) {
      const { groupId } = (await a.api('GET', `/v1/checks/${checkId}`)).body as { groupId: number | null };
      if (groupId !== null) expect(groups.has(groupId)).toBe(true);
    }
    await deleteAllChecks();
  }, 30_000);

  it('a private location deleted while a check starts using it: one of the two is refused', async () => {
    const pairs = await Promise.all(
      Array.from({ length: 8 }, async (_, i) => {
        const created = await a.api('POST', '/v1/private-locations', { name: `Leaving ${i}`, slugName: `leaving-${i}` });
        if (created.status !== 201) throw new Error(`creating a location answered ${created.status}: ${created.text}`);
        return { locationId: created.body.id as string, slug: `leaving-${i}`, checkId: await createCheck(a, `runner ${i}`) };
      }),
    );
    const answers = await inRounds(pairs, async ({ locationId, slug, checkId }) => {
      const [deleted, used] = await Promise.all([a.api('DELETE', `/v1/private-locations/${locationId}`), b.api('PUT', `/v1/checks/icmp/${checkId}`, { privateLocations: [slug] })]);
      return { deleted, used };
    });
    for (const { deleted, used } of answers) {
      if (deleted.status === 204) {
        expect(used.status).toBe(400);
        expect(used.body.message).toMatch(/^privateLocations\[0\]: no private location "leaving-\d"/);
      } else {
        expect(used.status).toBe(200);
        expect(deleted.status).toBe(409);
        expect(deleted.body.message).toContain('is still used by 1 check(s)');
      }
    }
    const slugs = new Set(((await a.api('GET', '/v1/private-locations')).body as { slugName: string }[]).map((location) => location.slugName));
    for (const { checkId } of pairs) {
      for (const slug of ((await a.api('GET', `/v1/checks/${checkId}`)).body.privateLocations ?? []) as string[]) expect(slugs.has(slug)).toBe(true);
    }
    await deleteAllChecks();
  }, 30_000);

  it('a private location created with one slug on both servers at once is stored once; the other gets the normal 409', async () => {
    const answers = (
      await inRounds(Array.from({ length: 8 }, (_, i) => i), (i) => Promise.all([a, b].map((server) => server.api('POST', '/v1/private-locations', { name: `Office ${i}`, slugName: `office-${i}` }))))
    ).flat();
    expect(statuses(answers)).toEqual([...Array(8).fill(201), ...Array(8).fill(409)]);
    for (const refused of answers.filter((res) => res.status === 409)) expect(refused.body.message).toMatch(/^A private location with slugName "office-\d" already exists$/);
    const slugs = ((await a.api('GET', '/v1/private-locations')).body as { slugName: string }[]).map((location) => location.slugName).filter((slug) => slug.startsWith('office-'));
    expect(slugs.sort()).toEqual(Array.from({ length: 8 }, (_, i) => `office-${i}`));
  }, 30_000);

  it('one channel subscribed to one check from both servers at once: both answer 200, one subscription is stored', async () => {
    const checkIds = await Promise.all(Array.from({ length: 8 }, (_, i) => createCheck(a, `subscribed ${i}`)));
    const channelId = await createEmailChannel(a, 'races@example.test');
    const answers = (await inRounds(checkIds, (checkId) => Promise.all([a, b].map((server) => server.api('PUT', `/v1/alert-channels/${channelId}/subscriptions`, { checkId, activated: true }))))).flat();
    expect(statuses(answers)).toEqual(Array(16).fill(200));
    const stored = await subscriptionsOfChannel(a.backend.deps.db, channelId);
    expect(stored.map((row) => row.checkId).sort()).toEqual([...checkIds].sort());

    // The upsert itself, with no channel lock around it: the second waits for the first's commit, then updates its row.
    const { accountId } = a.backend;
    const checkId = await createCheck(a, 'upserted');
    const row = { accountId, alertChannelId: channelId, checkId, groupId: null };
    await Promise.all([
      transaction(a.backend.deps.db, async (tx) => {
        await upsertSubscription(tx, { ...row, activated: true });
        await sleep(100);
      }),
      sleep(20).then(() => transaction(b.backend.deps.db, (tx) => upsertSubscription(tx, { ...row, activated: false }))),
    ]);
    const upserted = (await subscriptionsOfChannel(a.backend.deps.db, channelId)).filter((s) => s.checkId === checkId);
    expect(upserted.map((s) => s.activated)).toEqual([false]);
    await deleteAllChecks();
  }, 30_000);

  it('two checks made to depend on each other, one on each server at once: one is refused with the cycle', async () => {
    const pairs = await Promise.all(Array.from({ length: 8 }, async (_, i) => [await createCheck(a, `first ${i}`), await createCheck(a, `second ${i}`)] as const));
    const answers = await inRounds(pairs, ([first, second]) =>
      Promise.all([a.api('PUT', `/v1/checks/icmp/${first}`, { dependsOn: [second] }), b.api('PUT', `/v1/checks/icmp/${second}`, { dependsOn: [first] })]),
    );
    for (const pair of answers) {
      expect(statuses(pair)).toEqual([200, 400]);
      expect(pair.find((res) => res.status === 400)?.body.message).toMatch(/^dependsOn: this would make a dependency cycle/);
    }
    await deleteAllChecks();
  }, 30_000);
});
