import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';
import { countDeployments, seedProject } from '../helpers/seed-project';
import { trpcClient, type TrpcClient } from '../helpers/trpc';
import { KEPT_REFUSALS } from '../../src-main/services/projects';

/** The payload `checkly debug parse-project` prints for test/cli/fixtures/deploy-project (13 constructs). */
function fixturePayload(): any {
  return JSON.parse(readFileSync(join(__dirname, 'fixture-payload.json'), 'utf8'));
}
const resource = (payload: any, logicalId: string) => payload.resources.find((r: any) => r.logicalId === logicalId);

describe("a project's deployment history (what the console's Projects page shows)", () => {
  let server: TestServer;
  let trpc: TrpcClient;
  beforeEach(async () => {
    server = await startServer();
    trpc = trpcClient(server.url, server.key);
  });
  afterEach(async () => {
    await server?.stop();
  });

  /** As the CLI sends it: gzip JSON. */
  async function deploy(payload: unknown, query = 'dryRun=false&scheduleOnDeploy=false', key = server.key) {
    const res = await fetch(`${server.url}/v1/projects/deploy?${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-encoding': 'gzip', 'x-checkly-source': 'CLI' },
      body: gzipSync(typeof payload === 'string' ? payload : JSON.stringify(payload)),
    });
    return { status: res.status, body: await res.json() };
  }
  const history = async (logicalId = 'sightline-fixture') => {
    const project = (await trpc.projects.list.query()).find((p) => p.logicalId === logicalId);
    if (!project) return null;
    return { project, detail: await trpc.projects.get.query({ id: project.id }) };
  };

  it('a redeploy counts only what changed: one check of 13 constructs is 1 updated, the rest unchanged; the CLI is still told UPDATE for each', async () => {
    expect((await deploy(fixturePayload())).status).toBe(200);
    const same = await deploy(fixturePayload());
    expect(same.status).toBe(200);
    // The CLI's diff has no "unchanged": every resource that was there is UPDATE ("Update and Unchanged"), nothing else in the entry.
    expect(same.body.result.diff).toHaveLength(13);
    expect(same.body.result.diff.every((d: any) => d.action === 'UPDATE' && Object.keys(d).sort().join() === 'action,logicalId,physicalId,type')).toBe(true);
    let seen = await history();
    expect(seen?.detail.deployments[0].counts).toEqual({ CREATE: 0, UPDATE: 0, UNCHANGED: 13, DELETE: 0, DETACHED: 0 });
    expect(seen?.detail.deployments[0].diff).toEqual([]);
    expect(seen?.detail.deployments[1].counts).toMatchObject({ CREATE: 13, UPDATE: 0, UNCHANGED: 0 });

    const oneCheck = fixturePayload();
    resource(oneCheck, 'loopback-route').payload.tags = ['edge'];
    expect((await deploy(oneCheck)).status).toBe(200);
    seen = await history();
    expect(seen?.project.lastDeployment?.counts).toEqual({ CREATE: 0, UPDATE: 1, UNCHANGED: 12, DELETE: 0, DETACHED: 0 });
    expect(seen?.detail.deployments[0].diff.map((d) => `${d.action} ${d.type} ${d.logicalId}`)).toEqual(['UPDATE check loopback-route']);

    // A resource other than a check (the group), and a subscription switched off: each counted as the one change it is.
    const groupAndSubscription = fixturePayload();
    resource(groupAndSubscription, 'loopback-route').payload.tags = ['edge'];
    resource(groupAndSubscription, 'network-group').payload.concurrency = 7;
    resource(groupAndSubscription, 'check-alert-channel-subscription#loopback-ping#ops-hook').payload.activated = false;
    expect((await deploy(groupAndSubscription)).status).toBe(200);
    seen = await history();
    expect(seen?.detail.deployments[0].diff.map((d) => `${d.action} ${d.logicalId}`).sort()).toEqual(['UPDATE check-alert-channel-subscription#loopback-ping#ops-hook', 'UPDATE network-group']);
    expect(seen?.detail.deployments[0].counts).toMatchObject({ UPDATE: 2, UNCHANGED: 11 });

    // Dropping a construct is a delete; what stays is unchanged.
    const dropped = fixturePayload();
    resource(dropped, 'loopback-route').payload.tags = ['edge'];
    resource(dropped, 'network-group').payload.concurrency = 7;
    resource(dropped, 'check-alert-channel-subscription#loopback-ping#ops-hook').payload.activated = false;
    dropped.resources = dropped.resources.filter((r: any) => r.logicalId !== 'weekly-window');
    expect((await deploy(dropped)).status).toBe(200);
    expect((await history())?.detail.deployments[0].counts).toEqual({ CREATE: 0, UPDATE: 0, UNCHANGED: 12, DELETE: 1, DETACHED: 0 });
  });

  it('a refused deploy is in the history as refused, with the status and the message the client got; nothing else changed', async () => {
    expect((await deploy(fixturePayload())).status).toBe(200);
    const checksBefore = (await server.api('GET', '/v1/checks')).body;

    // The check `checkly deploy` makes first is a dry run: its refusal is the one the user sees.
    const twice = fixturePayload();
    twice.resources.push({ ...resource(twice, 'loopback-route'), payload: { ...resource(twice, 'loopback-route').payload, name: 'Second route' } });
    const refused = await deploy(twice, 'dryRun=true&scheduleOnDeploy=true');
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('"loopback-route" is named more than once');
    let seen = await history();
    expect(seen?.project.lastDeployment).toMatchObject({ status: 'REFUSED', dryRun: true, httpStatus: 400, operation: 'deploy', error: refused.body.message, diff: [] });
    expect(seen?.project.lastDeployment?.createdBy).toBe((await server.api('GET', '/next/users/me')).body.name);

    // A real deploy refused by a construct's own rule.
    const bad = fixturePayload();
    resource(bad, 'loopback-ping').payload.frequency = 7;
    const invalid = await deploy(bad);
    expect(invalid.status).toBe(400);
    seen = await history();
    expect(seen?.detail.deployments[0]).toMatchObject({ status: 'REFUSED', dryRun: false, httpStatus: 400, error: invalid.body.message });
    expect(invalid.body.message).toContain('loopback-ping');

    // Past the size limit: the body is never parsed whole, the project is read from its start.
    const huge = `{"project":{"logicalId":"sightline-fixture","name":"Sightline fixture"},"resources":"${' '.repeat(17 * 1024 * 1024)}"}`;
    const tooLarge = await deploy(huge);
    expect(tooLarge.status).toBe(413);
    seen = await history();
    expect(seen?.detail.deployments[0]).toMatchObject({ status: 'REFUSED', httpStatus: 413, error: tooLarge.body.message });
    expect(seen?.detail.deployments.map((d) => d.status)).toEqual(['REFUSED', 'REFUSED', 'REFUSED', 'SUCCEEDED']);
    // Refusals changed nothing: the same checks, and the successful deploy is still the only one with changes.
    expect((await server.api('GET', '/v1/checks')).body).toEqual(checksBefore);

    // A request without an accepted key is not anyone's to record.
    expect((await deploy(twice, undefined, 'sl_not_a_key_000000000000000')).status).toBe(401);
    expect((await history())?.detail.deployments).toHaveLength(4);
  });

  it("a new project's refused first deploy makes it appear, with the refusal; a refused destroy is recorded as one", async () => {
    const first = fixturePayload();
    first.project = { logicalId: 'brand-new', name: 'Brand new' };
    resource(first, 'loopback-ping').payload.checkType = 'BROWSER';
    const refused = await deploy(first);
    expect(refused.status).toBe(400);
    const seen = await history('brand-new');
    expect(seen?.project).toMatchObject({ name: 'Brand new', owned: 0, lastDeployment: { status: 'REFUSED', httpStatus: 400, error: refused.body.message } });
    expect((await server.api('GET', '/v1/checks')).body).toEqual([]);

    // A destroy refused while an import holds resources of the project.
    seedProject(server.dataDir, { projectLogicalId: 'importing', name: 'Importing', resources: [{ type: 'check', physicalId: 'x', logicalId: 'held', pending: true }] });
    const destroy = await server.api('DELETE', '/v1/projects/importing');
    expect(destroy.status).toBe(400);
    const importing = await history('importing');
    expect(importing?.detail.deployments[0]).toMatchObject({ status: 'REFUSED', operation: 'destroy', httpStatus: 400, error: destroy.body.message });
    expect(destroy.body.message).toContain('Nothing was deleted');
  });

  it(`keeps the newest ${KEPT_REFUSALS} refusals of a project, so a client retrying in a loop does not grow its history without end`, async () => {
    expect((await deploy(fixturePayload())).status).toBe(200);
    const bad = fixturePayload();
    resource(bad, 'loopback-ping').payload.frequency = 7;
    for (let i = 0; i < KEPT_REFUSALS + 2; i++) expect((await deploy(bad, 'dryRun=true')).status).toBe(400);
    const all = (await history())?.detail.deployments ?? [];
    // The page lists the newest 20; the store keeps 50 refusals and every successful deploy.
    expect(all).toHaveLength(20);
    expect(all.every((d) => d.status === 'REFUSED')).toBe(true);
    const stored = countDeployments(server.dataDir, 'sightline-fixture');
    expect(stored).toEqual({ REFUSED: KEPT_REFUSALS, SUCCEEDED: 1 });
  });
});
