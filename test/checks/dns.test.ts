import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killLeftovers as killAgents, spawnSightline } from '../agent/helpers';
import { killLeftovers, startCli, type CliServer } from '../helpers/cli';
import { makeApi, makeDataDir, startServer, type Api, type TestServer } from '../helpers/server';
import { startDnsServers, type DnsServers } from './dns-server';
import { rejectedPutCases, validationCases, type Accepted, type Body, type Rejected } from './harness';

const PATH = '/v1/checks/dns';
const KEY = 'sl_dns_monitor_key_0123456789';

const valid = (members: Body = {}): Body => ({ name: 'Name of the app', request: { query: 'app.test', recordType: 'A' }, ...members });
const req = (extra: Body) => ({ request: { query: 'app.test', recordType: 'A', ...extra } });
const assertion = (extra: Body) => req({ assertions: [{ source: 'RESPONSE_CODE', comparison: 'EQUALS', target: 'NOERROR', ...extra }] });

const REJECTED: Rejected[] = [
  ['request missing', () => ({ name: 'no request' }), 'request'],
  ['query missing', { request: { recordType: 'A' } }, 'request.query'],
  ['query of 101 characters', req({ query: 'a'.repeat(101) }), 'request.query'],
  ['query with a space', req({ query: 'app test' }), 'request.query'],
  ['recordType missing', { request: { query: 'app.test' } }, 'request.recordType'],
  ['recordType unknown', req({ recordType: 'SRV' }), 'request.recordType'],
  ['a name server without a port', req({ nameServer: '127.0.0.1' }), 'request.port'],
  ['a port without a name server', req({ port: 53 }), 'request.nameServer'],
  ['port 0', req({ nameServer: '127.0.0.1', port: 0 }), 'request.port'],
  ['port 65536', req({ nameServer: '127.0.0.1', port: 65536 }), 'request.port'],
  ['protocol unknown', req({ protocol: 'QUIC' }), 'request.protocol'],
  ['assertion source unknown', assertion({ source: 'STATUS_CODE' }), 'request.assertions[0].source'],
  ['RESPONSE_CODE target not a response code', assertion({ target: 'FINE' }), 'request.assertions[0].target'],
  ['RESPONSE_CODE CONTAINS', assertion({ comparison: 'CONTAINS' }), 'request.assertions[0].comparison'],
  ['RESPONSE_TIME target not a number', assertion({ source: 'RESPONSE_TIME', comparison: 'LESS_THAN', target: 'fast' }), 'request.assertions[0].target'],
  ['maxResponseTime 30001', { maxResponseTime: 30001 }, 'maxResponseTime'],
];

const ACCEPTED: Accepted[] = [
  ['the defaults of ChecksV1DnsMonitor', {}, { checkType: 'DNS', frequency: 10, request: { query: 'app.test', recordType: 'A', protocol: 'UDP', assertions: [] }, degradedResponseTime: 2000, maxResponseTime: 5000 }],
  ['every record type', req({ recordType: 'HTTPS' }), { request: { recordType: 'HTTPS' } }],
  ['a name server, its port and TCP', req({ nameServer: '127.0.0.1', port: 5353, protocol: 'TCP' }), { request: { nameServer: '127.0.0.1', port: 5353, protocol: 'TCP' } }],
];

describe('DNS monitors over REST: validation and the paths every type has', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  validationCases(() => server, PATH, valid, REJECTED, ACCEPTED);
  rejectedPutCases(() => server, PATH, valid(), [
    ['recordType unknown', req({ recordType: 'PTR' }), 'request.recordType'],
    ['a name server without a port', req({ nameServer: '127.0.0.1' }), 'request.port'],
  ]);

  it('PUT merges into the stored monitor; the generic paths create, read and delete it', async () => {
    const created = await server.api('POST', '/v1/checks', { ...valid(), checkType: 'DNS' });
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    const put = await server.api('PUT', `${PATH}/${id}`, { request: { nameServer: '127.0.0.1', port: 5353 } });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ request: { query: 'app.test', recordType: 'A', nameServer: '127.0.0.1', port: 5353 } });
    for (const version of ['v1', 'v2', 'v3']) {
      const read = await server.api('GET', `/${version}/checks/${id}`);
      expect(read.status, `${version}: ${read.text}`).toBe(200);
      expect(read.body).toMatchObject({ checkType: 'DNS', request: { port: 5353 } });
    }
    expect((await server.api('DELETE', `/v1/checks/${id}`)).status).toBe(204);
  });
});

interface DnsResult {
  hasFailures: boolean;
  hasErrors: boolean;
  runLocation: string;
  dnsCheckResult: {
    serverAsked: string | null;
    rcode: string | null;
    answers: { name: string; type: string; ttl: number; data: unknown }[];
    textAnswer: string;
    errorCode: string | null;
    error: string | null;
    requestError: string | null;
    assertions: { source: string; passed: boolean; actual: unknown }[];
  };
}

describe('DNS monitors run against a real DNS server the test starts', () => {
  let dns: DnsServers;
  let dataDir: string;
  let cli: CliServer;
  let api: Api;

  beforeAll(async () => {
    dns = await startDnsServers();
    dataDir = await makeDataDir();
    cli = await startCli(['--host', '127.0.0.1', '--port', '0', '--data-dir', dataDir, '--api-key', KEY, '--agent-health-port', '0']);
    api = makeApi(cli.url, KEY);
  }, 60_000);
  afterAll(async () => {
    killAgents();
    await cli?.stop();
    killLeftovers();
    await dns?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function run(request: Body, members: Body = {}): Promise<DnsResult> {
    const created = await api('POST', `${PATH}?autoAssignAlerts=false`, { name: `dns ${String(request.query)}`, doubleCheck: false, request: { nameServer: '127.0.0.1', port: dns.port, ...request }, ...members });
    expect(created.status, created.text).toBe(201);
    const checkId = created.body.id as string;
    const triggered = await api('POST', '/v1/check-sessions/trigger', { target: { checkId: [checkId] } });
    expect(triggered.status, triggered.text).toBe(201);
    const done = await api('GET', `/v1/check-sessions/${triggered.body.sessions[0].checkSessionId}/completion?maxWaitSeconds=30`);
    expect(done.status, done.text).toBe(200);
    const final = (done.body.results as { resultType: string; checkResultId: string }[]).find((r) => r.resultType === 'FINAL');
    const result = await api('GET', `/v1/check-results/${checkId}/${final?.checkResultId}`);
    expect(result.status, result.text).toBe(200);
    return result.body as DnsResult;
  }

  it.each(['UDP', 'TCP'])('an A record over %s: the rcode, the answer and the server asked, with every assertion source', async (protocol) => {
    const result = await run({
      query: 'app.test',
      recordType: 'A',
      protocol,
      assertions: [
        { source: 'RESPONSE_CODE', comparison: 'EQUALS', target: 'NOERROR' },
        { source: 'TEXT_ANSWER', comparison: 'CONTAINS', target: '10.1.2.3' },
        { source: 'JSON_ANSWER', property: '$.answer[0].data', comparison: 'EQUALS', target: '10.1.2.3' },
        { source: 'JSON_ANSWER', property: '$.answer.length', comparison: 'EQUALS', target: '1' },
        { source: 'JSON_ANSWER', property: '$.answer[0]', comparison: 'HAS_KEY', target: 'ttl' },
        { source: 'RESPONSE_TIME', comparison: 'LESS_THAN', target: '5000' },
      ],
    });
    expect(result.hasFailures, JSON.stringify(result)).toBe(false);
    expect(result.dnsCheckResult).toMatchObject({ serverAsked: `127.0.0.1:${dns.port}`, rcode: 'NOERROR', errorCode: null, answers: [{ name: 'app.test', type: 'A', ttl: 300, data: '10.1.2.3' }] });
    expect(result.dnsCheckResult.textAnswer).toBe('app.test. 300 IN A 10.1.2.3');
    expect(result.dnsCheckResult.assertions.map((a) => a.passed)).toEqual([true, true, true, true, true, true]);
  });

  it('TXT and MX answers read as text and as JSON', async () => {
    const txt = await run({ query: 'app.test', recordType: 'TXT', assertions: [{ source: 'TEXT_ANSWER', comparison: 'CONTAINS', target: 'v=spf1 -all' }] });
    expect(txt.hasFailures, JSON.stringify(txt)).toBe(false);
    expect(txt.dnsCheckResult.answers[0]).toMatchObject({ type: 'TXT', data: 'v=spf1 -all' });
    const mx = await run({ query: 'app.test', recordType: 'MX', protocol: 'TCP', assertions: [{ source: 'JSON_ANSWER', property: '$.answer[1].data.exchange', comparison: 'EQUALS', target: 'backup.app.test' }] });
    expect(mx.hasFailures, JSON.stringify(mx)).toBe(false);
    expect(mx.dnsCheckResult.textAnswer).toBe('app.test. 300 IN MX 10 mail.app.test\napp.test. 300 IN MX 20 backup.app.test');
  });

  it('NXDOMAIN fails without a RESPONSE_CODE assertion, and passes one that expects it', async () => {
    const missing = await run({ query: 'missing.test', recordType: 'A' });
    expect(missing).toMatchObject({ hasFailures: true, hasErrors: false, dnsCheckResult: { rcode: 'NXDOMAIN', answers: [] } });
    expect(missing.dnsCheckResult.requestError).toContain(`answered NXDOMAIN`);
    const expected = await run({ query: 'missing.test', recordType: 'A', assertions: [{ source: 'RESPONSE_CODE', comparison: 'EQUALS', target: 'NXDOMAIN' }] });
    expect(expected.hasFailures, JSON.stringify(expected)).toBe(false);
    const wrong = await run({ query: 'app.test', recordType: 'A', assertions: [{ source: 'RESPONSE_CODE', comparison: 'EQUALS', target: 'NXDOMAIN' }] });
    expect(wrong.hasFailures).toBe(true);
    expect(wrong.dnsCheckResult.assertions[0]).toMatchObject({ passed: false, actual: 'NOERROR' });
  });

  it('a server that answers garbage or nothing ends at the time limit with a clear error, a failure of the target', async () => {
    const started = Date.now();
    const garbage = await run({ query: 'app.test', recordType: 'A', port: dns.garbagePort }, { maxResponseTime: 1000, degradedResponseTime: 500 });
    expect(garbage).toMatchObject({ hasFailures: true, hasErrors: false, dnsCheckResult: { errorCode: 'GARBAGE', rcode: null } });
    expect(garbage.dnsCheckResult.requestError).toContain('1 message that is not a DNS response to the query, and no answer within 1000 ms');
    const silent = await run({ query: 'app.test', recordType: 'A', port: dns.silentPort }, { maxResponseTime: 1000, degradedResponseTime: 500 });
    expect(silent).toMatchObject({ hasFailures: true, hasErrors: false, dnsCheckResult: { errorCode: 'TIMEOUT' } });
    expect(silent.dnsCheckResult.requestError).toContain(`127.0.0.1:${dns.silentPort} did not answer within 1000 ms (UDP)`);
    const garbageTcp = await run({ query: 'app.test', recordType: 'A', port: dns.garbagePort, protocol: 'TCP' }, { maxResponseTime: 1000, degradedResponseTime: 500 });
    expect(garbageTcp).toMatchObject({ hasFailures: true, dnsCheckResult: { errorCode: 'GARBAGE' } });
    expect(garbageTcp.dnsCheckResult.requestError).toContain('not a DNS response to the query (TCP)');
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('a remote agent of a private location runs it', async () => {
    const created = await api('POST', '/v1/private-locations', { name: 'Name lab', slugName: 'name-lab' });
    expect(created.status, created.text).toBe(201);
    const agent = spawnSightline(['agent', '--server', cli.url, '--key', created.body.keys[0].rawKey as string, '--agent-health-port', '0']);
    try {
      await agent.line(/^Sightline agent \S+ registered for private location name-lab/);
      const result = await run({ query: 'app.test', recordType: 'A' }, { privateLocations: ['name-lab'] });
      expect(result.runLocation).toBe('name-lab');
      expect(result.dnsCheckResult).toMatchObject({ rcode: 'NOERROR', answers: [{ data: '10.1.2.3' }] });
    } finally {
      await agent.stop('SIGTERM');
    }
  }, 60_000);
});
