import { gzipSync } from 'node:zlib';

/** A deploy body as the public CLI posts it (before gzip). */
export interface DeployBody {
  project: { logicalId: string; name: string };
  sharedFiles: unknown[];
  resources: unknown[];
}

/**
 * A project of `checks` ICMP checks ("Ping 0" … with `nameSuffix`) in one group subscribed to one
 * webhook channel: the shape of the large deploys issue 29's tests and the deploy-block bench post.
 */
export function pingProject(checks: number, logicalId: string, nameSuffix = '', hostOf: (index: number) => string = () => '127.0.0.1'): DeployBody {
  const resources: unknown[] = [
    { logicalId: 'group', type: 'check-group', member: true, payload: { name: 'Group', tags: [], locations: [], environmentVariables: [], v: 2 } },
    { logicalId: 'hook', type: 'alert-channel', member: true, payload: { type: 'WEBHOOK', config: { name: 'Hook', url: 'http://127.0.0.1:9/hook', method: 'POST' } } },
    { logicalId: 'group-hook', type: 'alert-channel-subscription', member: true, payload: { alertChannelId: { ref: 'hook' }, groupId: { ref: 'group' }, activated: true } },
  ];
  for (let i = 0; i < checks; i++) {
    resources.push({
      logicalId: `ping-${i}`,
      type: 'check',
      member: true,
      payload: { name: `Ping ${i}${nameSuffix}`, locations: [], frequency: 10, groupId: { ref: 'group' }, doubleCheck: false, useGlobalAlertSettings: true, runParallel: false, checkType: 'ICMP', request: { hostname: hostOf(i), pingCount: 2 } },
    });
  }
  return { project: { logicalId, name: logicalId }, sharedFiles: [], resources };
}

/** POST /v1/projects/deploy as the CLI does (gzip); a body already gzipped (a Buffer) is sent as it is. */
export async function postDeploy(url: string, key: string, payload: DeployBody | Buffer, query = 'dryRun=false&scheduleOnDeploy=false'): Promise<{ status: number; body: any }> {
  const body = Buffer.isBuffer(payload) ? payload : gzipSync(JSON.stringify(payload));
  const res = await fetch(`${url}/v1/projects/deploy?${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', 'content-encoding': 'gzip', 'x-checkly-source': 'CLI' },
    body: new Uint8Array(body),
  });
  return { status: res.status, body: await res.json() };
}

/** Sets test-hook variables for one test; `restore` (in afterEach) puts back what the file started with. */
export function testHookEnv(names: readonly string[]): { restore: () => void } {
  const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
  return {
    restore() {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    },
  };
}
