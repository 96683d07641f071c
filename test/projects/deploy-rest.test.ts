import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { icmpBody, startServer, type TestServer } from '../helpers/server';

/** The payload `checkly debug parse-project` prints for test/cli/fixtures/deploy-project. */
function fixturePayload(): any {
  return JSON.parse(readFileSync(join(__dirname, 'fixture-payload.json'), 'utf8'));
}

describe('POST /v1/projects/deploy', () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startServer();
  });
  afterEach(async () => {
    await server?.stop();
  });

  function deploy(payload: unknown, query = 'dryRun=false&scheduleOnDeploy=false') {
    return fetch(`${server.url}/v1/projects/deploy?${query}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.key}`, 'content-type': 'application/json', 'content-encoding': 'gzip', 'x-checkly-source': 'CLI' },
      body: gzipSync(JSON.stringify(payload)),
    }).then(async (res) => ({ status: res.status, body: await res.json() }));
  }

  it('creates every resource of a gzip deploy and reports the bindings on reads', async () => {
    const res = await deploy(fixturePayload());
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.status).toBe('SUCCEEDED');
    const actions = Object.fromEntries(res.body.result.diff.map((d: any) => [d.logicalId, d.action]));
    expect(actions['loopback-ping']).toBe('CREATE');
    const checks = await server.api('GET', '/v1/checks');
    const ping = checks.body.find((c: any) => c.name === 'Loopback ping');
    expect(ping.logicalId).toBe('loopback-ping');
    expect(ping.member).toBe(true);
    expect(ping.project).toMatchObject({ logicalId: 'sightline-fixture', name: 'Sightline fixture' });
  });
});
