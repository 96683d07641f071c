import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMemberWithKey } from '../accounts/helpers';
import { createEmailChannel, icmpBody, startServer, type TestServer } from '../helpers/server';
import { seedProject } from '../helpers/seed-project';
import { trpcClient, trpcCode, type TrpcClient } from '../helpers/trpc';

describe('projects (tRPC): the console reads monitoring as code', () => {
  let server: TestServer;
  let trpc: TrpcClient;
  let readOnly: TrpcClient;
  let codeCheck: string;
  let consoleCheck: string;
  let otherProjectCheck: string;
  let groupId: number;
  let channelId: number;
  let projectId: string;

  beforeAll(async () => {
    server = await startServer();
    trpc = trpcClient(server.url, server.key);
    readOnly = trpcClient(server.url, (await addMemberWithKey(server, 'READ_ONLY')).key);
    const create = async (name: string) => (await server.api('POST', '/v1/checks/icmp', icmpBody({ name }))).body.id as string;
    codeCheck = await create('Edge ping');
    consoleCheck = await create('Hand-made ping');
    otherProjectCheck = await create('Billing ping');
    groupId = (await server.api('POST', '/v1/check-groups', { name: 'Edge' })).body.id;
    channelId = await createEmailChannel(server, 'oncall@example.test');
    projectId = seedProject(server.dataDir, {
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
    seedProject(server.dataDir, {
      projectLogicalId: 'billing',
      name: 'Billing',
      resources: [{ type: 'check', physicalId: otherProjectCheck, logicalId: 'billing-ping', sourceFile: 'billing.check.ts' }],
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('lists projects with their resource counts and newest deployment', async () => {
    const projects = await trpc.projects.list.query();
    expect(projects.map((p) => p.name)).toEqual(['Billing', 'Edge monitoring']);
    const edge = projects[1];
    expect(edge).toMatchObject({ logicalId: 'edge-monitoring', owned: 3, referenced: 1, pending: 1 });
    expect(edge.lastDeployment).toMatchObject({ createdBy: 'laptop', status: 'SUCCEEDED', counts: { CREATE: 1, UPDATE: 1, DELETE: 1, DETACHED: 1 } });
    expect(projects[0].lastDeployment).toBeNull();
  });

  it("shows a project's resources by name and its deployments newest first; another id is NOT_FOUND", async () => {
    const detail = await trpc.projects.get.query({ id: projectId });
    expect(detail.resources).toEqual([
      { type: 'alert-channel', resourceId: String(channelId), logicalId: 'oncall', member: false, pending: false, sourceFile: null, name: 'oncall@example.test', exists: true },
      { type: 'check', resourceId: 'gone-check', logicalId: 'deleted-meanwhile', member: true, pending: true, sourceFile: null, name: null, exists: false },
      { type: 'check', resourceId: codeCheck, logicalId: 'edge-ping', member: true, pending: false, sourceFile: '__checks__/edge.check.ts', name: 'Edge ping', exists: true },
      { type: 'check-group', resourceId: String(groupId), logicalId: 'edge-group', member: true, pending: false, sourceFile: '__checks__/groups.ts', name: 'Edge', exists: true },
    ]);
    expect(detail.deployments.map((d) => d.createdBy)).toEqual(['laptop', 'ci-key']);
    expect(detail.deployments[0].diff.map((entry) => `${entry.action} ${entry.logicalId}`)).toEqual(['UPDATE edge-ping', 'CREATE edge-group', 'DELETE old', 'DETACHED kept']);
    expect(await trpcCode(trpc.projects.get.query({ id: 'no-such-project' }))).toBe('NOT_FOUND');
  });

  it('names the owning project and file of a resource; a console-made one has none', async () => {
    expect(await trpc.projects.ownerOf.query({ type: 'check', id: codeCheck })).toEqual({
      projectId,
      projectLogicalId: 'edge-monitoring',
      projectName: 'Edge monitoring',
      logicalId: 'edge-ping',
      sourceFile: '__checks__/edge.check.ts',
      pending: false,
    });
    expect(await trpc.projects.ownerOf.query({ type: 'check-group', id: String(groupId) })).toMatchObject({ projectName: 'Edge monitoring' });
    // A reference (fromId) is not ownership: the console still manages that channel.
    expect(await trpc.projects.ownerOf.query({ type: 'alert-channel', id: String(channelId) })).toBeNull();
    expect(await trpc.projects.ownerOf.query({ type: 'check', id: consoleCheck })).toBeNull();
    expect(await trpcCode(trpc.projects.ownerOf.query({ type: 'dashboard' as 'check', id: '1' }))).toBe('BAD_REQUEST');
  });

  it('the Monitors list says which project owns each row and filters by code, console or project', async () => {
    const all = await trpc.checks.overview.query({ sort: 'name' });
    const owners = Object.fromEntries(all.items.map((item) => [item.name, item.managedBy?.projectName ?? null]));
    expect(owners).toEqual({ 'Billing ping': 'Billing', 'Edge ping': 'Edge monitoring', 'Hand-made ping': null });
    expect(all.items.find((item) => item.name === 'Edge ping')?.managedBy?.sourceFile).toBe('__checks__/edge.check.ts');

    const names = async (managedBy: Parameters<typeof trpc.checks.overview.query>[0]['managedBy']) =>
      (await trpc.checks.overview.query({ sort: 'name', managedBy })).items.map((item) => item.name);
    expect(await names('code')).toEqual(['Billing ping', 'Edge ping']);
    expect(await names('console')).toEqual(['Hand-made ping']);
    expect(await names({ projectId })).toEqual(['Edge ping']);
    expect((await trpc.checks.overview.query({ managedBy: 'console' })).total).toBe(1);
    expect(await trpcCode(trpc.checks.overview.query({ managedBy: 'git' as 'code' }))).toBe('BAD_REQUEST');
  });

  it('a code-managed monitor can still be saved from the console', async () => {
    const saved = await trpc.checks.updateIcmp.mutate({ id: codeCheck, patch: { name: 'Edge ping (hand-tuned)' } });
    expect(saved.name).toBe('Edge ping (hand-tuned)');
    expect(await trpc.projects.ownerOf.query({ type: 'check', id: codeCheck })).toMatchObject({ projectName: 'Edge monitoring' });
  });

  it('a read-only key sees projects and owners but still cannot edit the monitor', async () => {
    expect((await readOnly.projects.list.query()).map((p) => p.name)).toEqual(['Billing', 'Edge monitoring']);
    expect((await readOnly.projects.get.query({ id: projectId })).resources).toHaveLength(4);
    expect(await readOnly.projects.ownerOf.query({ type: 'check', id: codeCheck })).toMatchObject({ logicalId: 'edge-ping' });
    expect((await readOnly.checks.overview.query({ managedBy: 'code' })).total).toBe(2);
    expect(await trpcCode(readOnly.checks.updateIcmp.mutate({ id: codeCheck, patch: { name: 'nope' } }))).toBe('FORBIDDEN');
  });
});
