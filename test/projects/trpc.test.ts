import { beforeAll, describe, expect, it } from 'vitest';
import { createEmailChannel, icmpBody } from '../helpers/server';
import { seedProject } from '../helpers/seed-project';
import { trpcCode } from '../helpers/trpc';
import { useServerWithClients } from '../helpers/trpc-server';

describe('projects (tRPC): the console reads monitoring as code', () => {
  let codeCheck: string;
  let consoleCheck: string;
  let otherProjectCheck: string;
  let groupId: number;
  let channelId: number;
  let projectId: string;

  const env = useServerWithClients({}, ['READ_ONLY']);

  beforeAll(async () => {
    const create = async (name: string) => (await env.server.api('POST', '/v1/checks/icmp', icmpBody({ name }))).body.id as string;
    codeCheck = await create('Edge ping');
    consoleCheck = await create('Hand-made ping');
    otherProjectCheck = await create('Billing ping');
    groupId = (await env.server.api('POST', '/v1/check-groups', { name: 'Edge' })).body.id;
    channelId = await createEmailChannel(env.server, 'oncall@example.test');
    projectId = seedProject(env.server.dataDir, {
      projectLogicalId: 'edge-monitoring',
      name: 'Edge monitoring',
      resources: [
        { type: 'check', physicalId: codeCheck, logicalId: 'edge-ping', sourceFile: '__checks__/edge.check.ts' },
        { type: 'check-group', physicalId: groupId, logicalId: 'edge-group', sourceFile: '__checks__/groups.ts' },
        { type: 'alert-channel', physicalId: channelId, logicalId: 'oncall', member: false },
        { type: 'check', physicalId: 'gone-check', logicalId: 'deleted-meanwhile', pending: true },
      ],
      deployments: [
        { createdBy: 'ci-key', createdAt: '2026-11-20T10:00:00.000Z', diff: [{ type: 'check', logicalId: 'edge-ping', physicalId: codeCheck, action: 'CREATE' }] },
        {
          createdBy: 'laptop',
          createdAt: '2026-11-25T10:00:00.000Z',
          diff: [
            { type: 'check', logicalId: 'edge-ping', physicalId: codeCheck, action: 'UPDATE' },
            { type: 'check-group', logicalId: 'edge-group', physicalId: groupId, action: 'CREATE' },
            { type: 'check', logicalId: 'old', physicalId: null, action: 'DELETE' },
            { type: 'check', logicalId: 'kept', physicalId: 'x', action: 'DETACHED' },
          ],
        },
      ],
    });
    seedProject(env.server.dataDir, {
      projectLogicalId: 'billing',
      name: 'Billing',
      resources: [{ type: 'check', physicalId: otherProjectCheck, logicalId: 'billing-ping', sourceFile: 'billing.check.ts' }],
    });
  });

  it('lists projects with their resource counts and newest deployment', async () => {
    const projects = await env.trpc.projects.list.query();
    expect(projects.map((p) => p.name)).toEqual(['Billing', 'Edge monitoring']);
    const edge = projects[1];
    expect(edge).toMatchObject({ logicalId: 'edge-monitoring', owned: 3, referenced: 1, pending: 1 });
    expect(edge.lastDeployment).toMatchObject({ createdBy: 'laptop', status: 'SUCCEEDED', counts: { CREATE: 1, UPDATE: 1, DELETE: 1, DETACHED: 1 } });
    expect(projects[0].lastDeployment).toBeNull();
  });

  it("shows a project's resources by name and its deployments newest first; another id is NOT_FOUND", async () => {
    const detail = await env.trpc.projects.get.query({ id: projectId });
    expect(detail.resources).toEqual([
      { type: 'alert-channel', resourceId: String(channelId), logicalId: 'oncall', member: false, pending: false, sourceFile: null, name: 'oncall@example.test', exists: true },
      { type: 'check', resourceId: 'gone-check', logicalId: 'deleted-meanwhile', member: true, pending: true, sourceFile: null, name: null, exists: false },
      { type: 'check', resourceId: codeCheck, logicalId: 'edge-ping', member: true, pending: false, sourceFile: '__checks__/edge.check.ts', name: 'Edge ping', exists: true },
      { type: 'check-group', resourceId: String(groupId), logicalId: 'edge-group', member: true, pending: false, sourceFile: '__checks__/groups.ts', name: 'Edge', exists: true },
    ]);
    expect(detail.deployments.map((d) => d.createdBy)).toEqual(['laptop', 'ci-key']);
    expect(detail.deployments[0].diff.map((entry) => `${entry.action} ${entry.logicalId}`)).toEqual(['UPDATE edge-ping', 'CREATE edge-group', 'DELETE old', 'DETACHED kept']);
    expect(await trpcCode(env.trpc.projects.get.query({ id: 'no-such-project' }))).toBe('NOT_FOUND');
  });

  it('names the owning project and file of a resource; a console-made one has none', async () => {
    expect(await env.trpc.projects.ownerOf.query({ type: 'check', id: codeCheck })).toEqual({
      projectId,
      projectLogicalId: 'edge-monitoring',
      projectName: 'Edge monitoring',
      logicalId: 'edge-ping',
      sourceFile: '__checks__/edge.check.ts',
      pending: false,
    });
    expect(await env.trpc.projects.ownerOf.query({ type: 'check-group', id: String(groupId) })).toMatchObject({ projectName: 'Edge monitoring' });
    // A reference (fromId) is not ownership: the console still manages that channel.
    expect(await env.trpc.projects.ownerOf.query({ type: 'alert-channel', id: String(channelId) })).toBeNull();
    expect(await env.trpc.projects.ownerOf.query({ type: 'check', id: consoleCheck })).toBeNull();
    expect(await trpcCode(env.trpc.projects.ownerOf.query({ type: 'dashboard' as 'check', id: '1' }))).toBe('BAD_REQUEST');
  });

  it('the Monitors list says which project owns each row and filters by code, console or project', async () => {
    const all = await env.trpc.checks.overview.query({ sort: 'name' });
    const owners = Object.fromEntries(all.items.map((item) => [item.name, item.managedBy?.projectName ?? null]));
    expect(owners).toEqual({ 'Billing ping': 'Billing', 'Edge ping': 'Edge monitoring', 'Hand-made ping': null });
    expect(all.items.find((item) => item.name === 'Edge ping')?.managedBy?.sourceFile).toBe('__checks__/edge.check.ts');

    const names = async (managedBy: Parameters<typeof env.trpc.checks.overview.query>[0]['managedBy']) =>
      (await env.trpc.checks.overview.query({ sort: 'name', managedBy })).items.map((item) => item.name);
    expect(await names('code')).toEqual(['Billing ping', 'Edge ping']);
    expect(await names('console')).toEqual(['Hand-made ping']);
    expect(await names({ projectId })).toEqual(['Edge ping']);
    expect((await env.trpc.checks.overview.query({ managedBy: 'console' })).total).toBe(1);
    expect(await trpcCode(env.trpc.checks.overview.query({ managedBy: 'git' as 'code' }))).toBe('BAD_REQUEST');
  });

  it('a code-managed monitor can still be saved from the console', async () => {
    const saved = await env.trpc.checks.updateIcmp.mutate({ id: codeCheck, patch: { name: 'Edge ping (hand-tuned)' } });
    expect(saved.name).toBe('Edge ping (hand-tuned)');
    expect(await env.trpc.projects.ownerOf.query({ type: 'check', id: codeCheck })).toMatchObject({ projectName: 'Edge monitoring' });
  });

  it('a read-only key sees projects and owners but still cannot edit the monitor', async () => {
    expect((await env.member('READ_ONLY').trpc.projects.list.query()).map((p) => p.name)).toEqual(['Billing', 'Edge monitoring']);
    expect((await env.member('READ_ONLY').trpc.projects.get.query({ id: projectId })).resources).toHaveLength(4);
    expect(await env.member('READ_ONLY').trpc.projects.ownerOf.query({ type: 'check', id: codeCheck })).toMatchObject({ logicalId: 'edge-ping' });
    expect((await env.member('READ_ONLY').trpc.checks.overview.query({ managedBy: 'code' })).total).toBe(2);
    expect(await trpcCode(env.member('READ_ONLY').trpc.checks.updateIcmp.mutate({ id: codeCheck, patch: { name: 'nope' } }))).toBe('FORBIDDEN');
  });
});
