import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DB_FILE_NAME } from '../../src-main/db/connection';
import { secretForms } from '../../src-main/runner/scrub';
import { addMemberWithKey } from '../accounts/helpers';
import { makeApi, startServer, type Api, type TestServer } from '../helpers/server';

/** One distinctive value per source of variables a run sees. */
const SECRETS = {
  account: 'acct-S3cr3t-4e7a1c90',
  group: 'grp-S3cr3t-8b2f6d13',
  check: 'chk-S3cr3t-1a9c5e27',
  run: 'run-S3cr3t-6d3b8f41',
  remoteRun: 'remoteRun-S3cr3t-2c7e9a55',
};
const PLAIN = 'run-plain-visible-93f1';

/** Prints every variable it was given, raw and encoded, and fails with the run's secret in the message. */
const SCRIPT = `
import { test, expect } from '@playwright/test';
test('prints its variables', async () => {
  for (const name of ['ACCOUNT_TOKEN', 'GROUP_TOKEN', 'CHECK_TOKEN', 'RUN_TOKEN', 'RUN_PLAIN']) {
    const value = process.env[name] ?? 'missing';
    console.log(name, 'raw', value);
    console.log(name, 'base64', Buffer.from(value).toString('base64'), 'hex', Buffer.from(value).toString('hex'));
  }
  expect(process.env.RUN_TOKEN, 'the run token is ' + process.env.RUN_TOKEN).toBe('something else');
});
`;

function leaks(label: string, text: string, values: readonly string[]): string[] {
  return values.flatMap((value) => secretForms(value).filter((form) => text.includes(form)).map((form) => `${label}: ${form}`));
}

/** Issue 18, item 3: a `secret: true` variable of POST /next/test-sessions/trigger is scrubbed and sealed like every other secret. */
describe('secret variables given to one triggered run', { timeout: 180_000 }, () => {
  let server: TestServer;
  let readOnly: Api;
  let checkId = '';
  let remoteCheckId = '';
  let agentKey = '';

  const trigger = async (id: string, variables: unknown[]) => {
    const res = await server.api('POST', '/next/test-sessions/trigger', { checkId: [id], environmentVariables: variables });
    expect(res.status, res.text).toBe(201);
    return res.body.testSessionId as string;
  };

  beforeAll(async () => {
    server = await startServer();
    readOnly = (await addMemberWithKey(server, 'READ_ONLY')).api;
    expect((await server.api('POST', '/v1/variables', { key: 'ACCOUNT_TOKEN', value: SECRETS.account, secret: true })).status).toBe(201);
    const group = await server.api('POST', '/v2/check-groups?autoAssignAlerts=false', { name: 'Group', environmentVariables: [{ key: 'GROUP_TOKEN', value: SECRETS.group, secret: true }] });
    expect(group.status, group.text).toBe(201);
    const check = await server.api('POST', '/v1/checks/multistep?autoAssignAlerts=false', {
      name: 'Prints its variables',
      script: SCRIPT,
      groupId: group.body.id,
      retryStrategy: null,
      doubleCheck: false,
      environmentVariables: [{ key: 'CHECK_TOKEN', value: SECRETS.check, secret: true }],
    });
    expect(check.status, check.text).toBe(201);
    checkId = check.body.id;

    const testSessionId = await trigger(checkId, [
      { key: 'RUN_TOKEN', value: SECRETS.run, secret: true },
      { key: 'RUN_PLAIN', value: PLAIN },
    ]);
    let done = await server.api('GET', `/v1/test-sessions/${testSessionId}/completion?maxWaitSeconds=30`);
    if (done.status === 408) done = await server.api('GET', `/v1/test-sessions/${testSessionId}/completion?maxWaitSeconds=30`);
    expect(done.status, done.text).toBe(200);
    expect(done.body.status).toBe('FAILED');

    // A check of a private location: its job waits in agent_jobs until an agent leases it.
    const location = await server.api('POST', '/v1/private-locations', { name: 'Vault', slugName: 'vault' });
    expect(location.status, location.text).toBe(201);
    agentKey = location.body.keys[0].rawKey;
    const remote = await server.api('POST', '/v1/checks/multistep?autoAssignAlerts=false', { name: 'At the vault', script: SCRIPT, privateLocations: ['vault'] });
    expect(remote.status, remote.text).toBe(201);
    remoteCheckId = remote.body.id;
    // The location's agent is connected before the run (a run for a location with no agent connected is not queued).
    expect((await makeApi(server.url, agentKey)('POST', '/v1/agent/register', { hostname: 'vault-host', version: '1.0.0', concurrency: 1 })).status).toBe(201);
    await trigger(remoteCheckId, [{ key: 'RUN_TOKEN', value: SECRETS.remoteRun, secret: true }]);
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('no result read shows the run\'s secret, in any encoding, to READ_ONLY or the owner; the others stay scrubbed too', async () => {
    const found: string[] = [];
    let detail = '';
    for (const [role, api] of [
      ['OWNER', server.api],
      ['READ_ONLY', readOnly],
    ] as const) {
      const list = await api('GET', `/v1/check-results/${checkId}`);
      expect(list.status).toBe(200);
      expect(list.body).toHaveLength(1);
      const one = await api('GET', `/v1/check-results/${checkId}/${list.body[0].checkResultId}`);
      const v2 = await api('GET', `/v2/check-results/${checkId}`);
      expect([one.status, v2.status]).toEqual([200, 200]);
      for (const res of [list, one, v2]) found.push(...leaks(`${role} ${res.status}`, res.text, Object.values(SECRETS)));
      detail = one.text;
    }
    expect(found).toEqual([]);
    // The script did print them: scrubbed where each was, the plain variable in clear.
    for (const name of ['ACCOUNT_TOKEN', 'GROUP_TOKEN', 'CHECK_TOKEN', 'RUN_TOKEN']) expect(detail).toContain(`${name} raw [scrubbed]`);
    expect(detail).toContain('RUN_TOKEN base64 [scrubbed] hex [scrubbed]');
    expect(detail).toContain('the run token is [scrubbed]');
    expect(detail).toContain(`RUN_PLAIN raw ${PLAIN}`);
  });

  it('the stored result rows and the whole database file hold neither run secret in clear', async () => {
    const db = new Database(join(server.dataDir, DB_FILE_NAME), { readonly: true });
    try {
      const details = db.prepare('SELECT body FROM result_details').all() as { body: string }[];
      expect(details.some((row) => row.body.includes(PLAIN))).toBe(true);
      expect(details.flatMap((row, i) => leaks(`result_details ${i}`, row.body, Object.values(SECRETS)))).toEqual([]);
      // The queued job keeps the value sealed, as it keeps the check's own secrets.
      const jobs = db.prepare('SELECT job FROM agent_jobs').all() as { job: string }[];
      expect(jobs).toHaveLength(1);
      expect(jobs[0]?.job).toMatch(/"key":"RUN_TOKEN","value":"sl\d*:/);
    } finally {
      db.close();
    }
    const files = await Promise.all([DB_FILE_NAME, `${DB_FILE_NAME}-wal`].map(async (name) => ({ name, text: (await readFile(join(server.dataDir, name)).catch(() => Buffer.alloc(0))).toString('latin1') })));
    expect(files.flatMap((f) => leaks(f.name, f.text, [SECRETS.run, SECRETS.remoteRun]))).toEqual([]);
  });

  it('the remote agent leases the job with the real value, marked secret, so its executor scrubs it too', async () => {
    const agent = makeApi(server.url, agentKey);
    const registered = await agent('POST', '/v1/agent/register', { hostname: 'vault-host', version: '1.0.0', concurrency: 1 });
    expect(registered.status, registered.text).toBe(201);
    const leased = await agent('POST', '/v1/agent/jobs/lease', { agentId: registered.body.agentId, max: 1, waitSeconds: 5 });
    expect(leased.body.jobs).toHaveLength(1);
    expect(leased.body.jobs[0].execution.checkId).toBe(remoteCheckId);
    expect(leased.body.jobs[0].execution.check.environmentVariables).toContainEqual({ key: 'RUN_TOKEN', value: SECRETS.remoteRun, secret: true });
  });

  it('a run variable with no key or an over-long value is a 400 naming it; nothing runs', async () => {
    const before = (await server.api('GET', '/v1/test-sessions')).body.entries.length;
    const blank = await server.api('POST', '/next/test-sessions/trigger', { checkId: [checkId], environmentVariables: [{ key: '', value: 'x' }] });
    expect(blank.status).toBe(400);
    expect(blank.body.message).toMatch(/^environmentVariables\[0\]\.key: /);
    const long = await server.api('POST', '/next/test-sessions/trigger', { checkId: [checkId], environmentVariables: [{ key: 'K', value: 'x'.repeat(8193), secret: true }] });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/^environmentVariables\[0\]\.value: .*8,?192/);
    expect((await server.api('GET', '/v1/test-sessions')).body.entries.length).toBe(before);
  });
});
