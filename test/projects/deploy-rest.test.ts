import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';

/** The payload `checkly debug parse-project` prints for test/cli/fixtures/deploy-project. */
function fixturePayload(): any {
  return JSON.parse(readFileSync(join(__dirname, 'fixture-payload.json'), 'utf8'));
}

const resource = (payload: any, logicalId: string) => payload.resources.find((r: any) => r.logicalId === logicalId);

describe('POST /v1/projects/deploy and DELETE /v1/projects/{logicalId}', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startServer();
  });
  afterEach(async () => {
    await server?.stop();
  });

  async function deploy(payload: unknown, query = 'dryRun=false&scheduleOnDeploy=false') {
    const res = await fetch(`${server.url}/v1/projects/deploy?${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json', 'content-encoding': 'gzip', 'x-checkly-source': 'CLI' },
      body: gzipSync(JSON.stringify(payload)),
    });
    return { status: res.status, body: await res.json() };
  }
  const checkNamed = async (name: string) => (await server.api('GET', '/v1/checks')).body.find((c: any) => c.name === name);
  const counts = async () => {
    const paths = ['/v1/checks', '/v1/check-groups', '/v1/alert-channels', '/v1/maintenance-windows', '/v1/private-locations'];
    return Promise.all(paths.map(async (path) => (await server.api('GET', path)).body.length));
  };
  const actionsOf = (diff: any[]) => Object.fromEntries(diff.map((d) => [d.logicalId, d.action]));

  it('creates every resource of a gzip deploy and reports the bindings on reads', async () => {
    const res = await deploy(fixturePayload());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('SUCCEEDED');
    // Who deployed reads as the key holder's name, not an id.
    const me = (await server.api('GET', '/next/users/me')).body;
    expect(me.name).toEqual(expect.any(String));
    expect(res.body.createdBy).toBe(me.name);
    expect(actionsOf(res.body.result.diff)['loopback-ping']).toBe('CREATE');
    const ping = await checkNamed('Loopback ping');
    expect(ping).toMatchObject({ logicalId: 'loopback-ping', member: true, project: { logicalId: 'sightline-fixture', name: 'Sightline fixture' } });
    const again = await deploy(fixturePayload());
    expect(Object.values(actionsOf(again.body.result.diff))).toEqual(Array(again.body.result.diff.length).fill('UPDATE'));
  });

  it('a redeploy makes each construct what the code says: members left out get their defaults back', async () => {
    const tagged = fixturePayload();
    Object.assign(resource(tagged, 'loopback-route').payload, { tags: ['edge'], degradedResponseTime: 5000 });
    resource(tagged, 'network-group').payload.concurrency = 7;
    expect((await deploy(tagged)).status).toBe(200);
    expect(await checkNamed('Loopback route')).toMatchObject({ tags: ['edge'], degradedResponseTime: 5000 });
    expect((await deploy(fixturePayload())).status).toBe(200);
    const route = await checkNamed('Loopback route');
    expect(route.tags).toEqual([]);
    expect(route.degradedResponseTime).not.toBe(5000);
    const [group] = (await server.api('GET', '/v1/check-groups')).body;
    expect(group.concurrency).toBe(3);
  });

  it('a dry run answers the exact diff and stores nothing', async () => {
    const res = await deploy(fixturePayload(), 'dryRun=true&scheduleOnDeploy=true');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.project).toMatchObject({ logicalId: 'sightline-fixture' });
    expect(new Set(res.body.diff.map((d: any) => d.action))).toEqual(new Set(['CREATE']));
    expect(res.body.diff.map((d: any) => d.logicalId)).toContain('check-alert-channel-subscription#loopback-ping#ops-hook');
    expect(await counts()).toEqual([0, 0, 0, 0, 0]);
    expect((await server.api('DELETE', '/v1/projects/sightline-fixture?dryRun=true')).body).toEqual({ project: null, diff: [] });
  });

  it('an invalid construct is a 400 naming it and its field, and nothing of the project is stored', async () => {
    const payload = fixturePayload();
    resource(payload, 'loopback-ping').payload.request.pingCount = 99;
    const res = await deploy(payload);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^check "loopback-ping": request\.pingCount: /);
    expect(await counts()).toEqual([0, 0, 0, 0, 0]);
  });

  it('refuses a deploy with constructs Sightline does not run, naming each, before touching anything', async () => {
    const payload = fixturePayload();
    payload.resources.push(
      { logicalId: 'browser', type: 'check', member: true, payload: { name: 'Login', checkType: 'BROWSER' } },
      { logicalId: 'wallboard', type: 'dashboard', member: true, payload: { header: 'Ops' } },
      { logicalId: 'teams', type: 'alert-channel', member: true, payload: { type: 'MSTEAMS', config: { url: 'http://127.0.0.1:9/' } } },
    );
    const res = await deploy(payload);
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('"browser" (check of type BROWSER), "wallboard" (dashboard), "teams" (alert channel of type MSTEAMS)');
    expect(await counts()).toEqual([0, 0, 0, 0, 0]);
  });

  it('another project cannot take over an owned resource (400 naming it: the CLI shows any 409 as a deploy in progress) but may reference it', async () => {
    expect((await deploy(fixturePayload())).status).toBe(200);
    const ping = await checkNamed('Loopback ping');
    const takeover = { project: { logicalId: 'other', name: 'Other' }, sharedFiles: [], resources: [{ logicalId: 'stolen', type: 'check', member: true, physicalId: ping.id, payload: { ...resource(fixturePayload(), 'loopback-ping').payload, groupId: null, name: 'Stolen' } }] };
    const refused = await deploy(takeover);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain(`Conflict: check "stolen" (${ping.id}) is owned by project "sightline-fixture" as "loopback-ping"`);
    expect((await checkNamed('Loopback ping')).id).toBe(ping.id);

    const reference = { project: { logicalId: 'other', name: 'Other' }, sharedFiles: [], resources: [{ logicalId: 'their-ping', type: 'check', member: false, physicalId: ping.id, payload: null }] };
    expect((await deploy(reference)).status).toBe(200);
    const read = await checkNamed('Loopback ping');
    expect(read.projectBindings.owner.project.logicalId).toBe('sightline-fixture');
    expect(read.projectBindings.references).toEqual([{ project: expect.objectContaining({ logicalId: 'other' }), binding: { logicalId: 'their-ping', pending: false, sourceFile: null } }]);
    const destroyed = await server.api('DELETE', '/v1/projects/other?preserveResources=false&dryRun=false');
    expect(destroyed.status).toBe(200);
    expect((await checkNamed('Loopback ping')).projectBindings.references).toEqual([]);
  });

  it('preserveResources detaches a dropped resource instead of deleting it', async () => {
    expect((await deploy(fixturePayload())).status).toBe(200);
    const payload = fixturePayload();
    payload.resources = payload.resources.filter((r: any) => r.logicalId !== 'loopback-route');
    const res = await deploy(payload, 'dryRun=false&scheduleOnDeploy=false&preserveResources=true');
    expect(actionsOf(res.body.result.diff)['loopback-route']).toBe('DETACHED');
    expect(await checkNamed('Loopback route')).toMatchObject({ project: null, logicalId: null, projectBindings: { owner: null, references: [] } });
  });

  it('a resource deleted outside the deploy loses its binding', async () => {
    expect((await deploy(fixturePayload())).status).toBe(200);
    const route = await checkNamed('Loopback route');
    expect((await server.api('DELETE', `/v1/checks/${route.id}`)).status).toBe(204);
    const preview = await server.api('DELETE', '/v1/projects/sightline-fixture?dryRun=true');
    expect(preview.body.diff.map((d: any) => d.logicalId)).not.toContain('loopback-route');
    expect(preview.body.diff.map((d: any) => d.logicalId)).toContain('loopback-ping');
  });

  it('scheduleOnDeploy runs the deployed checks at once; without it they wait for their slot', async () => {
    const started: string[] = [];
    server.backend.events.on('sessionUpdated', (event) => {
      if (event.status === 'STARTED') started.push(event.checkId);
    });
    const only = (logicalId: string, project: string) => ({ project: { logicalId: project, name: project }, sharedFiles: [], resources: [{ ...resource(fixturePayload(), logicalId), payload: { ...resource(fixturePayload(), logicalId).payload, groupId: null } }] });
    const scheduled = await deploy(only('loopback-ping', 'now'), 'dryRun=false&scheduleOnDeploy=true');
    expect(started).toEqual([scheduled.body.result.diff[0].physicalId]);
    const waiting = await deploy(only('loopback-route', 'later'), 'dryRun=false&scheduleOnDeploy=false');
    expect(waiting.status).toBe(200);
    expect(started).toEqual([scheduled.body.result.diff[0].physicalId]);
  });

  it('answers 413 naming the deploy limit for a body that inflates past 16 MiB', async () => {
    const member = gzipSync(Buffer.alloc(16 * 1024 * 1024, 0x20), { level: 9 });
    const bomb = Buffer.concat([gzipSync('{"resources":"'), ...Array.from({ length: 8 }, () => member)]);
    const res = await fetch(`${server.url}/v1/projects/deploy?dryRun=false`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: bomb,
    });
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe('Request body too large: the limit is 16 MiB (16777216 bytes) per request');
  });

  it('follows a deployment: its record, completion, cancel and the SSE stream end in complete', async () => {
    const { body: deployment } = await deploy(fixturePayload());
    const base = `/v1/projects/sightline-fixture/deployments/${deployment.id}`;
    expect((await server.api('GET', base)).body).toMatchObject({ id: deployment.id, status: 'SUCCEEDED' });
    expect((await server.api('GET', `${base}/completion?maxWaitSeconds=5`)).body.status).toBe('SUCCEEDED');
    expect((await server.api('POST', `${base}/cancel`)).body.status).toBe('SUCCEEDED');
    const events = await server.api('GET', `${base}/events`);
    expect(events.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(events.text).toMatch(/^event: progress\ndata: \{"progress":100\}\n\nevent: complete\ndata: \{.*"result":\{"project"/);
    expect((await server.api('GET', '/v1/projects/sightline-fixture/deployments/nope/events')).status).toBe(404);
  });
});
