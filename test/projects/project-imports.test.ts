import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { icmpBody, startServer, type TestServer } from '../helpers/server';

const include = (type: string, physicalId?: string | number) => ({ type: 'include', resource: { type, physicalId } });

describe('import plans over REST: the states the CLI relies on', () => {
  let server: TestServer;
  let check: string;

  beforeAll(async () => {
    server = await startServer();
    const created = await server.api('POST', '/v1/checks/icmp?autoAssignAlerts=false', icmpBody({ name: 'Core ping' }));
    expect(created.status, created.text).toBe(201);
    check = created.body.id;
  });
  afterAll(async () => {
    await server?.stop();
  });

  const project = async (logicalId: string) => {
    const res = await server.api('POST', '/next/projects', { name: logicalId, logicalId });
    expect(res.status, res.text).toBe(201);
    return res.body;
  };
  const plan = async (logicalId: string, body: unknown, query = '') => server.api('POST', `/next/projects/${logicalId}/imports${query}`, body);

  it('projects: created once, read back, a taken logicalId is a 409 and a bad one a 400 naming it', async () => {
    const created = await project('alpha');
    expect(created).toMatchObject({ logicalId: 'alpha', name: 'alpha', repoUrl: null });
    expect((await server.api('GET', '/next/projects/alpha')).body).toEqual(created);
    expect((await server.api('GET', '/next/projects')).body.map((p: { logicalId: string }) => p.logicalId)).toContain('alpha');
    const taken = await server.api('POST', '/next/projects', { name: 'again', logicalId: 'alpha' });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toContain('alpha');
    const bad = await server.api('POST', '/next/projects', { name: 'x', logicalId: 'has space' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('logicalId');
    expect((await server.api('GET', '/next/projects/missing')).status).toBe(404);
    expect((await plan('missing', { filters: [include('check')] })).status).toBe(404);
  });

  it('a preview is answered but not stored; a plan with nothing in it is the 404 the CLI reads', async () => {
    await project('beta');
    const preview = await plan('beta', { filters: [{ type: 'exclude' }, include('check', check)] }, '?preview=true');
    expect(preview.status, preview.text).toBe(200);
    expect(preview.body.changes.resources).toEqual([expect.objectContaining({ type: 'check', logicalId: `check-${check}`, physicalId: check, member: true })]);
    expect(preview.body.changes.resources[0].payload).toMatchObject({ id: check, checkType: 'ICMP', name: 'Core ping' });
    expect((await server.api('GET', '/next/projects/beta/imports')).body).toEqual([]);
    const none = await plan('beta', { filters: [{ type: 'exclude' }, include('check', randomUUID())] });
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('No importable resources were found.');
    const badFilter = await plan('beta', { filters: [include('dashboards')] });
    expect(badFilter.status).toBe(400);
    expect(badFilter.body.message).toContain('filters');
  });

  it('apply, commit and cancel out of order are 403s; a resource another plan took is a 409 that stores nothing', async () => {
    await project('gamma');
    await project('delta');
    const only = { filters: [{ type: 'exclude' }, include('check', check)] };
    const first = (await plan('gamma', only)).body;
    const second = (await plan('delta', only)).body;

    expect((await server.api('POST', `/next/projects/imports/${first.id}/commit`)).status).toBe(403);
    expect((await server.api('POST', `/next/projects/imports/${first.id}/apply`)).status).toBe(200);
    expect((await server.api('POST', `/next/projects/imports/${first.id}/apply`)).status).toBe(403);

    const taken = await server.api('POST', `/next/projects/imports/${second.id}/apply`);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toContain(check);
    expect((await server.api('GET', '/next/projects/delta/resources')).body).toEqual([]);
    expect((await server.api('GET', '/next/projects/delta/imports?onlyUnapplied=true')).body.map((p: { id: string }) => p.id)).toEqual([second.id]);

    expect((await server.api('POST', `/next/projects/imports/${first.id}/commit`)).status).toBe(200);
    expect((await server.api('POST', `/next/projects/imports/${first.id}/commit`)).status).toBe(403);
    expect((await server.api('DELETE', `/next/projects/imports/${first.id}`)).status).toBe(403);
    expect((await server.api('GET', '/next/projects/gamma/resources')).body).toEqual([
      { type: 'check', physicalId: check, logicalId: `check-${check}`, member: true, pending: false, sourceFile: null },
    ]);
    // Bound now: a new plan leaves it out.
    expect((await plan('delta', only)).status).toBe(404);

    expect((await server.api('DELETE', `/next/projects/imports/${second.id}`)).status).toBe(204);
    expect((await server.api('DELETE', `/next/projects/imports/${second.id}`)).status).toBe(404);
    const badId = await server.api('POST', '/next/projects/imports/not-a-plan/apply');
    expect(badId.status).toBe(400);
    expect(badId.body.message).toContain('id');
  });
});
