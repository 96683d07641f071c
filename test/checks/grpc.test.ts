import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killLeftovers as killAgents, spawnSightline } from '../agent/helpers';
import { killLeftovers, startCli, type CliServer } from '../helpers/cli';
import { makeApi, makeDataDir, startServer, type Api, type TestServer } from '../helpers/server';
import { GREETER_PROTO, startGrpcTargets, type GrpcTargets } from './grpc-server';
import { rejectedPutCases, validationCases, type Accepted, type Body, type Rejected } from './harness';

const PATH = '/v1/checks/grpc';
const KEY = 'sl_grpc_monitor_key_0123456789';

const valid = (members: Body = {}): Body => ({ name: 'Orders health', request: { url: '127.0.0.1', port: 50051, grpcConfig: { tls: false } }, ...members });
const req = (extra: Body, grpcConfig: Body = { tls: false }) => ({ request: { url: '127.0.0.1', port: 50051, grpcConfig, ...extra } });

const REJECTED: Rejected[] = [
  ['request missing', () => ({ name: 'no request' }), 'request'],
  ['url missing', { request: { port: 50051, grpcConfig: {} } }, 'request.url'],
  ['url with a scheme', req({ url: 'https://grpc.example.com' }), 'request.url'],
  ['port missing', { request: { url: '127.0.0.1', grpcConfig: {} } }, 'request.port'],
  ['port 0', req({ port: 0 }), 'request.port'],
  ['port 65536', req({ port: 65536 }), 'request.port'],
  ['grpcConfig missing', { request: { url: '127.0.0.1', port: 50051 } }, 'request.grpcConfig'],
  ['BEHAVIOR without a method', req({}, { mode: 'BEHAVIOR' }), 'request.grpcConfig.method'],
  ['HEALTH with a method', req({}, { mode: 'HEALTH', method: 'demo.v1.Greeter/SayHello' }), 'request.grpcConfig.method'],
  ['a method that is not package.Service/Method', req({}, { method: 'SayHello' }), 'request.grpcConfig.method'],
  ['PROTO_FILE without protoContent', req({}, { method: 'demo.v1.Greeter/SayHello', serviceDefinition: 'PROTO_FILE' }), 'request.grpcConfig.protoContent'],
  ['a message that is not a JSON object', req({}, { method: 'demo.v1.Greeter/SayHello', message: '[1]' }), 'request.grpcConfig.message'],
  ['FLATBUFFERS', req({}, { encoding: 'FLATBUFFERS' }), 'request.grpcConfig.encoding'],
  ['a reserved grpc- metadata key', req({}, { metadata: [{ key: 'grpc-timeout', value: '1S' }] }), 'request.grpcConfig.metadata[0].key'],
  ['timeout 181 s', req({ timeout: 181 }), 'request.timeout'],
  ['GRPC_HEALTHCHECK_STATUS in BEHAVIOR mode', req({ assertions: [{ source: 'GRPC_HEALTHCHECK_STATUS', comparison: 'EQUALS', target: '1' }] }, { method: 'demo.v1.Greeter/SayHello' }), 'request.assertions[0].source'],
  ['GRPC_STATUS_CODE CONTAINS', req({ assertions: [{ source: 'GRPC_STATUS_CODE', comparison: 'CONTAINS', target: '0' }] }), 'request.assertions[0].comparison'],
  ['GRPC_HEALTHCHECK_STATUS target SERVING (a number is wanted)', req({ assertions: [{ source: 'GRPC_HEALTHCHECK_STATUS', comparison: 'EQUALS', target: 'SERVING' }] }), 'request.assertions[0].target'],
  ['checkType TCP', { checkType: 'TCP' }, 'checkType'],
];

const ACCEPTED: Accepted[] = [
  ['the defaults of ChecksV1GrpcMonitor', {}, { checkType: 'GRPC', frequency: 10, request: { url: '127.0.0.1', port: 50051, ipFamily: 'IPv4', skipSSL: false, timeout: 60, assertions: [], grpcConfig: { tls: false, metadata: [] } }, degradedResponseTime: 10000, maxResponseTime: 20000 }],
  ['port 65535', req({ port: 65535 }), { request: { port: 65535 } }],
];

/** What the public CLI 8.23.2's GrpcMonitor.synthesize() sends (dist/constructs/grpc-monitor.js), as JSON carries it. */
const CLI_PAYLOAD = {
  name: 'gRPC from the CLI',
  activated: true,
  muted: false,
  shouldFail: false,
  locations: [],
  tags: ['cli'],
  frequency: 5,
  alertChannelSubscriptions: [],
  checkType: 'GRPC',
  request: {
    url: 'grpc.example.com',
    port: 443,
    grpcConfig: { mode: 'BEHAVIOR', tls: true, serviceDefinition: 'PROTO_FILE', method: 'demo.v1.Greeter/SayHello', protoContent: GREETER_PROTO, message: '{"name":"cli"}', metadata: [{ key: 'authorization', value: 'Bearer x' }] },
    assertions: [
      { source: 'GRPC_STATUS_CODE', property: '', comparison: 'EQUALS', target: '0', regex: null },
      { source: 'GRPC_RESPONSE', property: '$.message', comparison: 'CONTAINS', target: 'cli', regex: null },
    ],
  },
  degradedResponseTime: 3000,
  maxResponseTime: 5000,
};

describe('gRPC monitors over REST: validation and the paths every type has', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  validationCases(() => server, PATH, valid, REJECTED, ACCEPTED);
  rejectedPutCases(() => server, PATH, valid(), [['port 70000', req({ port: 70000 }), 'request.port']]);

  it('the 400s say what is wrong: the port range, the method BEHAVIOR needs, the method HEALTH refuses', async () => {
    const port = await server.api('POST', PATH, valid(req({ port: 70000 })));
    expect(port.status).toBe(400);
    expect(port.body.message).toContain('request.port: must be from 1 to 65535');
    const behavior = await server.api('POST', PATH, valid(req({}, { mode: 'BEHAVIOR' })));
    expect(behavior.status).toBe(400);
    expect(behavior.body.message).toContain('request.grpcConfig.method: is required in BEHAVIOR mode');
    const health = await server.api('POST', PATH, valid(req({}, { mode: 'HEALTH', method: 'a.B/C' })));
    expect(health.status).toBe(400);
    expect(health.body.message).toContain('request.grpcConfig.method: is for BEHAVIOR mode');
  });

  it('the CLI 8.23.2 GrpcMonitor payload is accepted as sent, on /v1/checks/grpc and the generic /v1/checks', async () => {
    for (const path of [PATH, '/v1/checks']) {
      const res = await server.api('POST', path, CLI_PAYLOAD);
      expect(res.status, res.text).toBe(201);
      expect(res.body).toMatchObject({ checkType: 'GRPC', request: { ...CLI_PAYLOAD.request, assertions: CLI_PAYLOAD.request.assertions.map((a) => ({ ...a, regex: null })) } });
    }
  });

  it('PUT merges into the stored monitor; the generic paths read and delete it', async () => {
    const created = await server.api('POST', PATH, valid(req({}, { tls: false, service: 'demo.v1.Greeter' })));
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    const put = await server.api('PUT', `${PATH}/${id}`, { name: 'renamed', request: { port: 50052 } });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ name: 'renamed', request: { url: '127.0.0.1', port: 50052, grpcConfig: { tls: false, service: 'demo.v1.Greeter' } } });
    const read = await server.api('GET', `/v1/checks/${id}`);
    expect(read.body).toMatchObject({ checkType: 'GRPC', request: { port: 50052 } });
    expect((await server.api('DELETE', `/v1/checks/${id}`)).status).toBe(204);
    expect((await server.api('GET', `/v1/checks/${id}`)).status).toBe(404);
  });
});

interface GrpcResult {
  hasFailures: boolean;
  hasErrors: boolean;
  responseTime: number;
  runLocation: string;
  grpcCheckResult: {
    grpcStatusCode: number | null;
    healthStatus: number | null;
    errorCode: string | null;
    requestError: string | null;
    request: { tls: boolean; mode: string; method: string; serviceDefinition: string | null };
    response: { grpcStatusCode: number | null; grpcStatusMessage: string; healthStatusLabel: string; responseMessage: string; metadata: { key: string; value: string }[]; grpcMethod: string };
    assertions: { source: string; comparison: string; passed: boolean; actual: unknown }[];
  };
}

describe('gRPC monitors run against a real gRPC server', () => {
  let targets: GrpcTargets;
  let dataDir: string;
  let cli: CliServer;
  let api: Api;

  beforeAll(async () => {
    targets = await startGrpcTargets();
    dataDir = await makeDataDir();
    cli = await startCli(['--host', '127.0.0.1', '--port', '0', '--data-dir', dataDir, '--api-key', KEY, '--agent-health-port', '0']);
    api = makeApi(cli.url, KEY);
  }, 60_000);
  afterAll(async () => {
    killAgents();
    await cli?.stop();
    killLeftovers();
    await targets?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** Creates the monitor, runs it once and returns its stored FINAL result as the results API shows it. */
  async function run(request: Body, members: Body = {}): Promise<GrpcResult> {
    const created = await api('POST', `${PATH}?autoAssignAlerts=false`, { name: `grpc ${String(request.port)}`, doubleCheck: false, request: { url: '127.0.0.1', ...request }, ...members });
    expect(created.status, created.text).toBe(201);
    const checkId = created.body.id as string;
    const triggered = await api('POST', '/v1/check-sessions/trigger', { target: { checkId: [checkId] } });
    expect(triggered.status, triggered.text).toBe(201);
    const done = await api('GET', `/v1/check-sessions/${triggered.body.sessions[0].checkSessionId}/completion?maxWaitSeconds=30`);
    expect(done.status, done.text).toBe(200);
    const final = (done.body.results as { resultType: string; checkResultId: string }[]).find((r) => r.resultType === 'FINAL');
    const result = await api('GET', `/v1/check-results/${checkId}/${final?.checkResultId}`);
    expect(result.status, result.text).toBe(200);
    return result.body as GrpcResult;
  }

  it('HEALTH: a SERVING server passes, with status 0 and SERVING in the result', async () => {
    const result = await run({ port: targets.plain, grpcConfig: { tls: false } });
    expect(result.hasFailures, JSON.stringify(result)).toBe(false);
    expect(result.grpcCheckResult).toMatchObject({ grpcStatusCode: 0, healthStatus: 1, errorCode: null, response: { grpcMethod: 'grpc.health.v1.Health/Check', healthStatusLabel: 'SERVING' } });
  });

  it('HEALTH: a NOT_SERVING service fails the target, its status kept in the result', async () => {
    targets.setHealth('demo.v1.Greeter', 'NOT_SERVING');
    try {
      const result = await run({ port: targets.plain, grpcConfig: { tls: false, service: 'demo.v1.Greeter' } });
      expect(result.hasFailures).toBe(true);
      expect(result.hasErrors).toBe(false);
      expect(result.grpcCheckResult).toMatchObject({ grpcStatusCode: 0, healthStatus: 2, response: { healthStatusLabel: 'NOT_SERVING' } });
    } finally {
      targets.setHealth('demo.v1.Greeter', 'SERVING');
    }
  });

  it('BEHAVIOR with an inline .proto: calls the method with metadata, which reaches the server, and judges the reply', async () => {
    const result = await run({
      port: targets.plain,
      grpcConfig: { tls: false, method: 'demo.v1.Greeter/SayHello', protoContent: GREETER_PROTO, message: '{"name":"Ada","times":2}', metadata: [{ key: 'x-token', value: 'abc123' }] },
      assertions: [
        { source: 'GRPC_STATUS_CODE', comparison: 'EQUALS', target: '0' },
        { source: 'GRPC_RESPONSE', property: '$.message', comparison: 'EQUALS', target: 'Hello AdaHello Ada' },
        { source: 'GRPC_METADATA', property: 'x-served-by', comparison: 'EQUALS', target: 'greeter-test' },
      ],
    });
    expect(result.hasFailures, JSON.stringify(result)).toBe(false);
    expect(targets.lastMetadata()['x-token']).toBe('abc123');
    expect(result.grpcCheckResult.request).toMatchObject({ mode: 'BEHAVIOR', serviceDefinition: 'PROTO_FILE', method: 'demo.v1.Greeter/SayHello' });
    expect(JSON.parse(result.grpcCheckResult.response.responseMessage)).toMatchObject({ message: 'Hello AdaHello Ada', tags: ['a', 'b'] });
    expect(result.grpcCheckResult.assertions.map((a) => a.passed)).toEqual([true, true, true]);
  });

  it('BEHAVIOR by server reflection: the method is found without a .proto', async () => {
    const result = await run({ port: targets.plain, grpcConfig: { tls: false, method: 'demo.v1.Greeter/SayHello', message: '{"name":"Refl"}' } });
    expect(result.hasFailures, JSON.stringify(result)).toBe(false);
    expect(result.grpcCheckResult.request.serviceDefinition).toBe('REFLECTION');
    expect(JSON.parse(result.grpcCheckResult.response.responseMessage)).toMatchObject({ message: 'Hello Refl' });
  });

  it('BEHAVIOR: a status other than OK fails the run with the code and message as evidence', async () => {
    const result = await run({ port: targets.plain, grpcConfig: { tls: false, method: 'demo.v1.Greeter/Fail', protoContent: GREETER_PROTO } });
    expect(result.hasFailures).toBe(true);
    expect(result.hasErrors).toBe(false);
    expect(result.grpcCheckResult).toMatchObject({ grpcStatusCode: 9, errorCode: 'CALL' });
    expect(result.grpcCheckResult.response.grpcStatusMessage).toContain('the greeter is closed for the night');
  });

  it('TLS with a self-made certificate: accepted with skipSSL, refused as a TLS failure without it', async () => {
    const skipped = await run({ url: 'localhost', port: targets.tls, skipSSL: true, grpcConfig: { tls: true } });
    expect(skipped.hasFailures, JSON.stringify(skipped)).toBe(false);
    expect(skipped.grpcCheckResult).toMatchObject({ grpcStatusCode: 0, healthStatus: 1, request: { tls: true } });

    const verified = await run({ url: 'localhost', port: targets.tls, timeout: 5, grpcConfig: { tls: true } });
    expect(verified.hasFailures).toBe(true);
    expect(verified.grpcCheckResult.errorCode).toBe('TLS');
    expect(verified.grpcCheckResult.requestError).toMatch(/TLS failed: .*(self[- ]signed|certificate)/i);
  });

  it('a server that accepts and never answers ends at the time limit with a clear error, and its connection is closed', async () => {
    // Through a counting proxy: the connection the run opened must be gone once the run has ended.
    const proxy = await targets.proxy(targets.hang);
    const started = Date.now();
    const silent = await run({ port: proxy.port, timeout: 2, grpcConfig: { tls: false } });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(silent.hasFailures).toBe(true);
    expect(silent.hasErrors).toBe(false);
    expect(silent.grpcCheckResult.errorCode).toBe('TIMEOUT');
    expect(silent.grpcCheckResult.requestError).toContain('within 2000 ms');
    expect(proxy.total()).toBeGreaterThanOrEqual(1);
    await expect.poll(() => proxy.open(), { timeout: 3000 }).toBe(0);

    const hanging = await run({ port: targets.plain, timeout: 2, grpcConfig: { tls: false, method: 'demo.v1.Greeter/Hang', protoContent: GREETER_PROTO } });
    expect(hanging.hasFailures).toBe(true);
    expect(hanging.grpcCheckResult.errorCode).toBe('TIMEOUT');
    expect(hanging.grpcCheckResult.requestError).toContain('the server accepted the connection but gave no answer within 2000 ms');
  });

  it('a peer that is not gRPC fails as such', async () => {
    const result = await run({ port: targets.http1, timeout: 3, grpcConfig: { tls: false } });
    expect(result.hasFailures).toBe(true);
    expect(result.hasErrors).toBe(false);
    expect(result.grpcCheckResult.errorCode).toMatch(/PROTOCOL|NO_CONNECTION/);
    expect(result.grpcCheckResult.requestError).toBeTruthy();
  });

  it('a remote agent of a private location runs it and reports the same result', async () => {
    const created = await api('POST', '/v1/private-locations', { name: 'gRPC lab', slugName: 'grpc-lab' });
    expect(created.status, created.text).toBe(201);
    const agent = spawnSightline(['agent', '--server', cli.url, '--key', created.body.keys[0].rawKey as string, '--agent-health-port', '0']);
    try {
      await agent.line(/^Sightline agent \S+ registered for private location grpc-lab/);
      const result = await run({ port: targets.plain, grpcConfig: { tls: false, service: 'demo.v1.Greeter' } }, { privateLocations: ['grpc-lab'] });
      expect(result.runLocation).toBe('grpc-lab');
      expect(result.hasFailures, JSON.stringify(result)).toBe(false);
      expect(result.grpcCheckResult).toMatchObject({ grpcStatusCode: 0, response: { healthStatusLabel: 'SERVING' } });
      const behavior = await run({ port: targets.plain, grpcConfig: { tls: false, method: 'demo.v1.Greeter/SayHello', message: '{"name":"Agent"}' } }, { privateLocations: ['grpc-lab'] });
      expect(behavior.runLocation).toBe('grpc-lab');
      expect(behavior.hasFailures, JSON.stringify(behavior)).toBe(false);
      expect(JSON.parse(behavior.grpcCheckResult.response.responseMessage)).toMatchObject({ message: 'Hello Agent' });
    } finally {
      await agent.stop('SIGTERM');
    }
  }, 60_000);
});
