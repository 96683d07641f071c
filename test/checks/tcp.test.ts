import { rm } from 'node:fs/promises';
import { createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killLeftovers as killAgents, spawnSightline } from '../agent/helpers';
import { killLeftovers, startCli, type CliServer } from '../helpers/cli';
import { makeApi, makeDataDir, startServer, type Api, type TestServer } from '../helpers/server';
import { rejectedPutCases, validationCases, type Accepted, type Body, type Rejected } from './harness';

const PATH = '/v1/checks/tcp';
const KEY = 'sl_tcp_monitor_key_0123456789';

const valid = (members: Body = {}): Body => ({ name: 'Port of loopback', request: { hostname: '127.0.0.1', port: 25 }, ...members });
const req = (extra: Body) => ({ request: { hostname: '127.0.0.1', port: 25, ...extra } });
const assertion = (extra: Body) => req({ assertions: [{ source: 'RESPONSE_DATA', comparison: 'CONTAINS', target: '220', ...extra }] });

const REJECTED: Rejected[] = [
  ['request missing', () => ({ name: 'no request' }), 'request'],
  ['hostname missing', { request: { port: 25 } }, 'request.hostname'],
  ['hostname empty', req({ hostname: '' }), 'request.hostname'],
  ['hostname with a newline', req({ hostname: 'example.com\n' }), 'request.hostname'],
  ['port missing', { request: { hostname: '127.0.0.1' } }, 'request.port'],
  ['port 0', req({ port: 0 }), 'request.port'],
  ['port 65536', req({ port: 65536 }), 'request.port'],
  ['port fractional', req({ port: 25.5 }), 'request.port'],
  ['port a string', req({ port: '25' }), 'request.port'],
  ['data empty', req({ data: '' }), 'request.data'],
  ['data over 4 KiB', req({ data: 'x'.repeat(4097) }), 'request.data'],
  ['ipFamily unknown', req({ ipFamily: 'IPv5' }), 'request.ipFamily'],
  ['assertion source unknown', assertion({ source: 'STATUS_CODE' }), 'request.assertions[0].source'],
  ['assertion comparison the schema does not list', assertion({ comparison: 'HAS_KEY' }), 'request.assertions[0].comparison'],
  ['RESPONSE_TIME CONTAINS', assertion({ source: 'RESPONSE_TIME', comparison: 'CONTAINS', target: '10' }), 'request.assertions[0].comparison'],
  ['RESPONSE_TIME target not a number', assertion({ source: 'RESPONSE_TIME', comparison: 'LESS_THAN', target: 'fast' }), 'request.assertions[0].target'],
  ['maxResponseTime 30001', { maxResponseTime: 30001 }, 'maxResponseTime'],
  ['checkType ICMP', { checkType: 'ICMP' }, 'checkType'],
];

const EVERY_COMPARISON = ['EQUALS', 'NOT_EQUALS', 'IS_EMPTY', 'NOT_EMPTY', 'LESS_THAN', 'GREATER_THAN', 'CONTAINS', 'NOT_CONTAINS']
  .map((comparison) => ({ source: 'RESPONSE_DATA', comparison, target: 'x' }))
  .concat([{ source: 'RESPONSE_TIME', comparison: 'LESS_THAN', target: '100' }]);

const ACCEPTED: Accepted[] = [
  ['the defaults of ChecksV1TcpCheck', {}, { checkType: 'TCP', frequency: 10, request: { hostname: '127.0.0.1', port: 25, ipFamily: 'IPv4', assertions: [] }, degradedResponseTime: 4000, maxResponseTime: 5000 }],
  ['port 1 and 65535', req({ port: 65535 }), { request: { port: 65535 } }],
  ['data and IPv6', req({ hostname: '::1', data: 'PING\r\n', ipFamily: 'IPv6' }), { request: { hostname: '::1', data: 'PING\r\n', ipFamily: 'IPv6' } }],
  ['every comparison of the schema', req({ assertions: EVERY_COMPARISON }), { request: { assertions: EVERY_COMPARISON.map((a) => ({ ...a, property: '', regex: '' })) } }],
];

/** What the public CLI 8.23.2's TcpMonitor.synthesize() sends (dist/constructs/tcp-monitor.js), as JSON carries it. */
const CLI_PAYLOAD = {
  name: 'Port from the CLI',
  activated: true,
  muted: false,
  shouldFail: false,
  locations: [],
  tags: ['cli'],
  frequency: 5,
  alertChannelSubscriptions: [],
  checkType: 'TCP',
  request: {
    hostname: '127.0.0.1',
    port: 6379,
    data: 'PING\r\n',
    ipFamily: 'IPv4',
    assertions: [
      { source: 'RESPONSE_DATA', property: '', comparison: 'CONTAINS', target: 'PONG', regex: null },
      { source: 'RESPONSE_TIME', property: '', comparison: 'LESS_THAN', target: '200', regex: null },
    ],
  },
  degradedResponseTime: 3000,
  maxResponseTime: 5000,
};

describe('TCP monitors over REST: validation and the paths every type has', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  validationCases(() => server, PATH, valid, REJECTED, ACCEPTED);
  rejectedPutCases(() => server, PATH, valid(), [
    ['port 70000', req({ port: 70000 }), 'request.port'],
    ['unknown source', assertion({ source: 'HEADERS' }), 'request.assertions[0].source'],
  ]);

  it('the 400 for a port out of range says the range', async () => {
    const res = await server.api('POST', PATH, valid(req({ port: 70000 })));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('request.port: must be from 1 to 65535');
  });

  it('the CLI 8.23.2 TcpMonitor payload is accepted as sent, on /v1/checks/tcp and the generic /v1/checks', async () => {
    for (const path of [PATH, '/v1/checks']) {
      const res = await server.api('POST', path, CLI_PAYLOAD);
      expect(res.status, res.text).toBe(201);
      expect(res.body).toMatchObject({ checkType: 'TCP', request: CLI_PAYLOAD.request });
    }
  });

  it('PUT merges into the stored monitor; the generic paths read, update and delete it', async () => {
    const created = await server.api('POST', PATH, valid({ request: { hostname: '127.0.0.1', port: 6379, data: 'PING\r\n' } }));
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    const put = await server.api('PUT', `${PATH}/${id}`, { name: 'renamed', request: { port: 6380 } });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ name: 'renamed', request: { hostname: '127.0.0.1', port: 6380, data: 'PING\r\n' } });
    const generic = await server.api('PUT', `/v1/checks/${id}`, { checkType: 'TCP', request: { port: 0 } });
    expect(generic.status).toBe(400);
    expect(generic.body.message).toContain('request.port: ');
    for (const version of ['v1', 'v2', 'v3']) {
      const read = await server.api('GET', `/${version}/checks/${id}`);
      expect(read.status, `${version}: ${read.text}`).toBe(200);
      expect(read.body).toMatchObject({ checkType: 'TCP', request: { port: 6380 } });
    }
    expect((await server.api('DELETE', `/v1/checks/${id}`)).status).toBe(204);
    expect((await server.api('GET', `/v1/checks/${id}`)).status).toBe(404);
  });
});

interface TcpResult {
  hasFailures: boolean;
  hasErrors: boolean;
  responseTime: number;
  runLocation: string;
  tcpCheckResult: {
    resolvedAddress: string | null;
    connectTimeMs: number | null;
    responseData: string;
    bytesReceived: number;
    truncated: boolean;
    ended: string;
    errorCode: string | null;
    error: string | null;
    requestError: string | null;
    assertions: { source: string; comparison: string; passed: boolean; actual: unknown }[];
  };
}

interface Targets {
  echo: number;
  banner: number;
  silent: number;
  flood: number;
  reset: number;
  refused: number;
  close(): Promise<void>;
}

/** Real listeners on 127.0.0.1: each behaves like one kind of peer. */
async function startTargets(): Promise<Targets> {
  const servers: Server[] = [];
  const sockets = new Set<Socket>();
  const listen = async (onConnection: (socket: Socket) => void): Promise<number> => {
    const server = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
      onConnection(socket);
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  };
  // Answers what it is sent, upper-cased, then closes.
  const echo = await listen((socket) => socket.once('data', (chunk) => socket.end(`ECHO ${chunk.toString().toUpperCase()}`)));
  // Greets like an SMTP server and then waits forever.
  const banner = await listen((socket) => socket.write('220 mail.test ESMTP ready\r\n'));
  // Accepts and never says a word, never closes.
  const silent = await listen(() => {});
  // Sends without end.
  const flood = await listen((socket) => {
    const chunk = Buffer.alloc(64 * 1024, 'y');
    const pump = () => {
      while (!socket.destroyed && socket.write(chunk));
      if (!socket.destroyed) socket.once('drain', pump);
    };
    pump();
  });
  // Resets the connection once it gets data.
  const reset = await listen((socket) => socket.once('data', () => socket.resetAndDestroy()));
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const refused = (closed.address() as AddressInfo).port;
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  return {
    echo,
    banner,
    silent,
    flood,
    reset,
    refused,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
    },
  };
}

describe('TCP monitors run against real local listeners', () => {
  let targets: Targets;
  let dataDir: string;
  let cli: CliServer;
  let api: Api;

  beforeAll(async () => {
    targets = await startTargets();
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
  async function run(request: Body, members: Body = {}): Promise<TcpResult> {
    const created = await api('POST', `${PATH}?autoAssignAlerts=false`, { name: `tcp ${String(request.port)}`, doubleCheck: false, request: { hostname: '127.0.0.1', ...request }, ...members });
    expect(created.status, created.text).toBe(201);
    const checkId = created.body.id as string;
    const triggered = await api('POST', '/v1/check-sessions/trigger', { target: { checkId: [checkId] } });
    expect(triggered.status, triggered.text).toBe(201);
    const done = await api('GET', `/v1/check-sessions/${triggered.body.sessions[0].checkSessionId}/completion?maxWaitSeconds=30`);
    expect(done.status, done.text).toBe(200);
    const final = (done.body.results as { resultType: string; checkResultId: string }[]).find((r) => r.resultType === 'FINAL');
    const result = await api('GET', `/v1/check-results/${checkId}/${final?.checkResultId}`);
    expect(result.status, result.text).toBe(200);
    const listed = await api('GET', `/v1/check-results/${checkId}`);
    expect(listed.body[0].tcpCheckResult).toEqual(result.body.tcpCheckResult);
    return result.body as TcpResult;
  }

  it('sends data, keeps the reply and judges RESPONSE_DATA and RESPONSE_TIME', async () => {
    const result = await run({
      port: targets.echo,
      data: 'hello\n',
      assertions: [
        { source: 'RESPONSE_DATA', comparison: 'EQUALS', target: 'ECHO HELLO\n' },
        { source: 'RESPONSE_DATA', comparison: 'NOT_CONTAINS', target: 'ERR' },
        { source: 'RESPONSE_TIME', comparison: 'LESS_THAN', target: '5000' },
      ],
    });
    expect(result.hasFailures, JSON.stringify(result)).toBe(false);
    expect(result.tcpCheckResult).toMatchObject({ resolvedAddress: '127.0.0.1', responseData: 'ECHO HELLO\n', bytesReceived: 11, ended: 'PEER_CLOSED', errorCode: null, truncated: false });
    expect(result.tcpCheckResult.connectTimeMs).toBeGreaterThanOrEqual(0);
    expect(result.tcpCheckResult.assertions.map((a) => a.passed)).toEqual([true, true, true]);
  });

  it('a failing assertion fails the run and records what the peer sent', async () => {
    const result = await run({ port: targets.echo, data: 'hello\n', assertions: [{ source: 'RESPONSE_DATA', comparison: 'CONTAINS', target: 'GOODBYE' }] });
    expect(result.hasFailures).toBe(true);
    expect(result.hasErrors).toBe(false);
    expect(result.tcpCheckResult.assertions[0]).toMatchObject({ passed: false, actual: 'ECHO HELLO\n' });
  });

  it('a peer that greets and stays open: a CONTAINS that holds ends the run at once, without waiting for the time limit', async () => {
    const started = Date.now();
    const result = await run({ port: targets.banner, assertions: [{ source: 'RESPONSE_DATA', comparison: 'CONTAINS', target: 'ESMTP' }] }, { maxResponseTime: 20000 });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result.hasFailures, JSON.stringify(result)).toBe(false);
    expect(result.tcpCheckResult).toMatchObject({ ended: 'ENOUGH_DATA', responseData: '220 mail.test ESMTP ready\r\n' });
  });

  it('a port that answers is enough without RESPONSE_DATA assertions: the run ends once connected', async () => {
    const result = await run({ port: targets.silent }, { maxResponseTime: 20000 });
    expect(result.hasFailures, JSON.stringify(result)).toBe(false);
    expect(result.tcpCheckResult).toMatchObject({ ended: 'ENOUGH_DATA', errorCode: null, bytesReceived: 0 });
  });

  it('a peer that never closes ends at the time limit (maxResponseTime) with a clear error', async () => {
    const started = Date.now();
    const result = await run({ port: targets.silent, assertions: [{ source: 'RESPONSE_DATA', comparison: 'EQUALS', target: 'never' }] }, { maxResponseTime: 1000, degradedResponseTime: 500 });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(result.hasFailures).toBe(true);
    expect(result.hasErrors).toBe(false);
    expect(result.tcpCheckResult).toMatchObject({ ended: 'TIME_LIMIT', errorCode: 'TIMEOUT', bytesReceived: 0 });
    expect(result.tcpCheckResult.requestError).toContain('neither closed the connection nor sent 4096 bytes within 1000 ms');
  });

  it('a peer that sends endlessly is cut off after 4 KiB, which is kept and judged', async () => {
    const result = await run({ port: targets.flood, assertions: [{ source: 'RESPONSE_DATA', comparison: 'NOT_CONTAINS', target: 'x' }] });
    expect(result.hasFailures, JSON.stringify(result.tcpCheckResult.error)).toBe(false);
    expect(result.tcpCheckResult).toMatchObject({ ended: 'ENOUGH_DATA', truncated: true, errorCode: null });
    expect(result.tcpCheckResult.responseData).toBe('y'.repeat(4096));
    expect(result.tcpCheckResult.bytesReceived).toBeGreaterThanOrEqual(4096);
  });

  it('refused, reset and unresolvable connections fail the target, each with its error', async () => {
    const refused = await run({ port: targets.refused });
    expect(refused).toMatchObject({ hasFailures: true, hasErrors: false, tcpCheckResult: { errorCode: 'REFUSED', connectTimeMs: null } });
    expect(refused.tcpCheckResult.requestError).toContain('connection refused');

    const reset = await run({ port: targets.reset, data: 'x', assertions: [{ source: 'RESPONSE_DATA', comparison: 'NOT_EMPTY' }] });
    expect(reset).toMatchObject({ hasFailures: true, hasErrors: false, tcpCheckResult: { errorCode: 'RESET' } });
    expect(reset.tcpCheckResult.requestError).toContain('connection reset by the peer after connecting');

    const dns = await run({ hostname: 'no-such-host.invalid', port: 80 });
    expect(dns).toMatchObject({ hasFailures: true, hasErrors: false, tcpCheckResult: { errorCode: 'DNS', resolvedAddress: null } });
    expect(dns.tcpCheckResult.requestError).toContain('no-such-host.invalid did not resolve');
  });

  it('a remote agent of a private location runs it and reports the same result', async () => {
    const created = await api('POST', '/v1/private-locations', { name: 'Port lab', slugName: 'port-lab' });
    expect(created.status, created.text).toBe(201);
    const agent = spawnSightline(['agent', '--server', cli.url, '--key', created.body.keys[0].rawKey as string, '--agent-health-port', '0']);
    try {
      await agent.line(/^Sightline agent \S+ registered for private location port-lab/);
      const result = await run({ port: targets.echo, data: 'agent\n', assertions: [{ source: 'RESPONSE_DATA', comparison: 'EQUALS', target: 'ECHO AGENT\n' }] }, { privateLocations: ['port-lab'] });
      expect(result.runLocation).toBe('port-lab');
      expect(result.hasFailures, JSON.stringify(result)).toBe(false);
      expect(result.tcpCheckResult.responseData).toBe('ECHO AGENT\n');
    } finally {
      await agent.stop('SIGTERM');
    }
  }, 60_000);
});
