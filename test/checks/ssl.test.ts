import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killLeftovers as killAgents, spawnSightline } from '../agent/helpers';
import { killLeftovers, startCli, type CliServer } from '../helpers/cli';
import { makeApi, makeDataDir, startServer, type Api, type TestServer } from '../helpers/server';
import { rejectedPutCases, validationCases, type Accepted, type Body, type Rejected } from './harness';
import { startTlsTargets, type TlsTargets } from './ssl-certs';

const PATH = '/v1/checks/ssl';
const KEY = 'sl_ssl_monitor_key_0123456789';

const valid = (members: Body = {}): Body => ({ name: 'Certificate of loopback', request: { sslConfig: { hostname: '127.0.0.1' } }, ...members });
const config = (extra: Body) => ({ request: { sslConfig: { hostname: '127.0.0.1', ...extra } } });
const assertion = (extra: Body) => ({ request: { sslConfig: { hostname: '127.0.0.1' }, assertions: [{ source: 'CERTIFICATE', property: 'daysUntilExpiry', comparison: 'GREATER_THAN', target: '10', ...extra }] } });

const REJECTED: Rejected[] = [
  ['request missing', () => ({ name: 'no request' }), 'request'],
  ['sslConfig missing', { request: {} }, 'request.sslConfig'],
  ['hostname missing', { request: { sslConfig: { port: 443 } } }, 'request.sslConfig.hostname'],
  ['hostname empty', config({ hostname: '' }), 'request.sslConfig.hostname'],
  ['hostname with a newline', config({ hostname: 'example.com\n' }), 'request.sslConfig.hostname'],
  ['hostname of 2049 characters', config({ hostname: 'h'.repeat(2049) }), 'request.sslConfig.hostname'],
  ['port 0', config({ port: 0 }), 'request.sslConfig.port'],
  ['port 65536', config({ port: 65536 }), 'request.sslConfig.port'],
  ['port fractional', config({ port: 443.5 }), 'request.sslConfig.port'],
  ['port a string', config({ port: '443' }), 'request.sslConfig.port'],
  ['serverName with a control character', config({ serverName: 'a\u0001b' }), 'request.sslConfig.serverName'],
  ['ipFamily unknown', config({ ipFamily: 'IPv5' }), 'request.sslConfig.ipFamily'],
  ['skipChainValidation a string', config({ skipChainValidation: 'yes' }), 'request.sslConfig.skipChainValidation'],
  ['handshakeTimeoutMs 999', config({ handshakeTimeoutMs: 999 }), 'request.sslConfig.handshakeTimeoutMs'],
  ['handshakeTimeoutMs 30001', config({ handshakeTimeoutMs: 30001 }), 'request.sslConfig.handshakeTimeoutMs'],
  ['alertDaysBeforeExpiry 0', config({ alertDaysBeforeExpiry: 0 }), 'request.sslConfig.alertDaysBeforeExpiry'],
  ['alertDaysBeforeExpiry 366', config({ alertDaysBeforeExpiry: 366 }), 'request.sslConfig.alertDaysBeforeExpiry'],
  ['securityBaseline with an unknown member', config({ securityBaseline: { minTLSVersion: { value: 'TLS1.0' } } }), 'request.sslConfig.securityBaseline.minTLSVersion.value'],
  ['sslClientCertificateId not a uuid', { request: { sslConfig: { hostname: '127.0.0.1' }, sslClientCertificateId: 'abc' } }, 'request.sslClientCertificateId'],
  ['assertion source unknown', assertion({ source: 'STATUS_CODE' }), 'request.assertions[0].source'],
  ['assertion comparison unknown', assertion({ comparison: 'ROUGHLY' }), 'request.assertions[0].comparison'],
  ['CERTIFICATE property unknown', assertion({ property: 'colour' }), 'request.assertions[0].property'],
  ['CERTIFICATE daysUntilExpiry CONTAINS', assertion({ comparison: 'CONTAINS' }), 'request.assertions[0].comparison'],
  ['CERTIFICATE daysUntilExpiry target not a number', assertion({ target: 'soon' }), 'request.assertions[0].target'],
  ['CERTIFICATE selfSigned target not a boolean', assertion({ property: 'selfSigned', comparison: 'EQUALS', target: 'no' }), 'request.assertions[0].target'],
  ['CONNECTION property unknown', assertion({ source: 'CONNECTION', property: 'daysUntilExpiry' }), 'request.assertions[0].property'],
  ['CONNECTION cipherSuite GREATER_THAN', assertion({ source: 'CONNECTION', property: 'cipherSuite', comparison: 'GREATER_THAN', target: 'x' }), 'request.assertions[0].comparison'],
  ['RESPONSE_TIME CONTAINS', assertion({ source: 'RESPONSE_TIME', property: '', comparison: 'CONTAINS' }), 'request.assertions[0].comparison'],
  ['maxResponseTime 30001', { maxResponseTime: 30001 }, 'maxResponseTime'],
  ['checkType ICMP', { checkType: 'ICMP' }, 'checkType'],
];

const ACCEPTED: Accepted[] = [
  [
    'the defaults of ChecksV1SslConfig',
    {},
    {
      checkType: 'SSL',
      frequency: 10,
      request: { sslConfig: { hostname: '127.0.0.1', port: 443, ipFamily: 'IPv4', skipChainValidation: false, handshakeTimeoutMs: 10000, alertDaysBeforeExpiry: 20 }, assertions: [] },
      degradedResponseTime: 5000,
      maxResponseTime: 10000,
    },
  ],
  ['port 1 and 65535', config({ port: 65535 }), { request: { sslConfig: { port: 65535 } } }],
  ['an empty serverName', config({ serverName: '' }), { request: { sslConfig: { serverName: '' } } }],
  [
    'every source of the schema',
    {
      request: {
        sslConfig: { hostname: '127.0.0.1' },
        assertions: [
          { source: 'CERTIFICATE', property: 'issuerCN', comparison: 'CONTAINS', target: 'Test CA' },
          { source: 'CERTIFICATE', property: 'sans', comparison: 'CONTAINS', target: '127.0.0.1' },
          { source: 'CONNECTION', property: 'tlsVersion', comparison: 'GREATER_THAN', target: 'TLS1.1' },
          { source: 'RESPONSE_TIME', comparison: 'LESS_THAN', target: '1000' },
          { source: 'JSON_RESPONSE', property: '$.chainTrusted', comparison: 'EQUALS', target: 'true' },
          { source: 'TEXT_RESPONSE', comparison: 'CONTAINS', target: 'TLS' },
        ],
      },
    },
    { request: { assertions: [{ source: 'CERTIFICATE', property: 'issuerCN', comparison: 'CONTAINS', target: 'Test CA', regex: '' }, {}, {}, { property: '' }, {}, {}] } },
  ],
];

/** What the public CLI 8.23.2's SslMonitor.synthesize() sends (dist/constructs/ssl-monitor.js), as JSON carries it. */
const CLI_PAYLOAD = {
  name: 'Certificate from the CLI',
  activated: true,
  muted: false,
  shouldFail: false,
  locations: [],
  tags: ['cli'],
  frequency: 60,
  alertChannelSubscriptions: [],
  checkType: 'SSL',
  request: {
    sslConfig: {
      hostname: '127.0.0.1',
      port: 8443,
      ipFamily: 'IPv4',
      serverName: 'valid.example',
      skipChainValidation: false,
      handshakeTimeoutMs: 5000,
      alertDaysBeforeExpiry: 30,
      clientCertificateMode: 'auto',
      securityBaseline: { enabled: true, minTLSVersion: { value: 'TLS1.2', severity: 'fail' } },
    },
    sslClientCertificateId: null,
    assertions: [
      { source: 'CERTIFICATE', property: 'daysUntilExpiry', comparison: 'GREATER_THAN', target: '30', regex: null },
      { source: 'CONNECTION', property: 'chainTrusted', comparison: 'EQUALS', target: 'true', regex: null },
    ],
  },
  degradedResponseTime: 3000,
  maxResponseTime: 10000,
};

describe('SSL monitors over REST: validation and the paths every type has', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.stop());

  validationCases(() => server, PATH, valid, REJECTED, ACCEPTED);
  rejectedPutCases(() => server, PATH, valid(), [
    ['port 70000', config({ port: 70000 }), 'request.sslConfig.port'],
    ['unknown source', assertion({ source: 'HEADERS' }), 'request.assertions[0].source'],
  ]);

  it('the CLI 8.23.2 SslMonitor payload is accepted as sent, on /v1/checks/ssl and the generic /v1/checks', async () => {
    for (const path of [PATH, '/v1/checks']) {
      const res = await server.api('POST', path, CLI_PAYLOAD);
      expect(res.status, res.text).toBe(201);
      expect(res.body).toMatchObject({ checkType: 'SSL', request: { sslConfig: CLI_PAYLOAD.request.sslConfig, assertions: CLI_PAYLOAD.request.assertions } });
    }
  });

  it('PUT merges into the stored monitor; the generic paths read, update and delete it', async () => {
    const created = await server.api('POST', PATH, valid({ request: { sslConfig: { hostname: '127.0.0.1', port: 8443 } } }));
    expect(created.status, created.text).toBe(201);
    const id = created.body.id as string;
    const put = await server.api('PUT', `${PATH}/${id}`, { name: 'renamed', request: { sslConfig: { hostname: 'example.test', alertDaysBeforeExpiry: 45 } } });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ name: 'renamed', request: { sslConfig: { hostname: 'example.test', alertDaysBeforeExpiry: 45 } } });
    const generic = await server.api('PUT', `/v1/checks/${id}`, { checkType: 'SSL', request: { sslConfig: { hostname: 'example.test', port: 0 } } });
    expect(generic.status).toBe(400);
    expect(generic.body.message).toContain('request.sslConfig.port: ');
    for (const version of ['v1', 'v2', 'v3']) {
      const read = await server.api('GET', `/${version}/checks/${id}`);
      expect(read.status, `${version}: ${read.text}`).toBe(200);
      expect(read.body).toMatchObject({ checkType: 'SSL', request: { sslConfig: { hostname: 'example.test' } } });
    }
    expect((await server.api('DELETE', `/v1/checks/${id}`)).status).toBe(204);
    expect((await server.api('GET', `/v1/checks/${id}`)).status).toBe(404);
  });
});

interface SslResult {
  hasFailures: boolean;
  hasErrors: boolean;
  error?: string | { kind: string; message: string } | null;
  sslCheckResult: {
    daysUntilExpiry: number | null;
    chainTrusted: boolean;
    hostnameVerified: boolean;
    failureCategory: string | null;
    requestError: string | null;
    assertions: { source: string; property: string; passed: boolean; actual: unknown }[];
    response: {
      protocol: string;
      chainTrustReason: string | null;
      chainTrustDetail: string | null;
      certificate: { subject: string; issuer: string; daysUntilExpiry: number; keySizeBits: number | null; keyAlgorithm: string | null } | null;
      chain: { subject: string; issuer: string; validity: string; daysUntilExpiry: number; selfSigned: boolean }[];
    } | null;
  };
}

describe('SSL monitors run against real TLS servers with certificates the test made', () => {
  let targets: TlsTargets;
  let dataDir: string;
  let cli: CliServer;
  let api: Api;

  beforeAll(async () => {
    targets = await startTlsTargets();
    dataDir = await makeDataDir();
    // The server trusts the test's private CA the way an operator trusts one: NODE_EXTRA_CA_CERTS.
    cli = await startCli(['--host', '127.0.0.1', '--port', '0', '--data-dir', dataDir, '--api-key', KEY, '--agent-health-port', '0'], { env: { NODE_EXTRA_CA_CERTS: targets.caFile } });
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
  async function run(port: number, sslConfig: Body = {}, assertions: Body[] = [], members: Body = {}): Promise<SslResult & { runLocation: string }> {
    const created = await api('POST', '/v1/checks/ssl?autoAssignAlerts=false', { name: `tls ${port}`, doubleCheck: false, request: { sslConfig: { hostname: '127.0.0.1', port, ...sslConfig }, assertions }, ...members });
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
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body[0].sslCheckResult).toEqual(result.body.sslCheckResult);
    return result.body as SslResult & { runLocation: string };
  }

  it('a valid chain from a trusted CA passes, with the chain, each validity, protocol and assertions evaluated', async () => {
    const result = await run(targets.ports.valid, {}, [
      { source: 'CERTIFICATE', property: 'issuerCN', comparison: 'CONTAINS', target: 'Test CA' },
      { source: 'CERTIFICATE', property: 'sans', comparison: 'CONTAINS', target: '127.0.0.1' },
      { source: 'CERTIFICATE', property: 'keySizeBits', comparison: 'EQUALS', target: '2048' },
      { source: 'CONNECTION', property: 'tlsVersion', comparison: 'GREATER_THAN', target: 'TLS1.1' },
      { source: 'CONNECTION', property: 'chainTrusted', comparison: 'EQUALS', target: 'true' },
      { source: 'RESPONSE_TIME', comparison: 'LESS_THAN', target: '5000' },
    ]);
    expect(result.hasFailures, JSON.stringify(result)).toBe(false);
    const ssl = result.sslCheckResult;
    expect(ssl).toMatchObject({ chainTrusted: true, hostnameVerified: true, failureCategory: null, daysUntilExpiry: 90 });
    expect(ssl.assertions.map((a) => a.passed)).toEqual([true, true, true, true, true, true]);
    expect(ssl.response?.certificate).toMatchObject({ subject: 'valid.example', issuer: 'Sightline Test CA', keySizeBits: 2048, keyAlgorithm: 'RSA' });
    expect(ssl.response?.chain[0]).toMatchObject({ subject: 'valid.example', validity: 'valid', daysUntilExpiry: 90 });
    expect(ssl.response?.protocol).toMatch(/^TLS1\.[23]$/);
  });

  it('a certificate expiring within alertDaysBeforeExpiry fails and says when it expires', async () => {
    const result = await run(targets.ports.soon, { alertDaysBeforeExpiry: 20 });
    expect(result.hasFailures).toBe(true);
    expect(result.hasErrors).toBe(false);
    expect(result.sslCheckResult).toMatchObject({ chainTrusted: true, daysUntilExpiry: 5, failureCategory: 'EXPIRING' });
    expect(result.sslCheckResult.requestError ?? JSON.stringify(result.error)).toContain('expires in 5 days');
    // The same certificate passes when the monitor warns later.
    expect((await run(targets.ports.soon, { alertDaysBeforeExpiry: 3 })).hasFailures).toBe(false);
  });

  it('an expired certificate fails, and the chain shows it expired and why it is not trusted', async () => {
    const ssl = (await run(targets.ports.expired)).sslCheckResult;
    expect(ssl).toMatchObject({ chainTrusted: false, daysUntilExpiry: -10, failureCategory: 'UNTRUSTED' });
    expect(ssl.response).toMatchObject({ chainTrustReason: 'CERT_HAS_EXPIRED' });
    expect(ssl.response?.chainTrustDetail).toContain('expired');
    expect(ssl.response?.chain[0]).toMatchObject({ subject: 'expired.example', validity: 'expired' });
    // skipChainValidation does not hide an expiry.
    const skipped = await run(targets.ports.expired, { skipChainValidation: true });
    expect(skipped.sslCheckResult.failureCategory).toBe('EXPIRED');
  });

  it('a self-signed certificate is not trusted (unless skipChainValidation), and the reason says so', async () => {
    const result = await run(targets.ports.selfSigned);
    expect(result.hasFailures).toBe(true);
    expect(result.sslCheckResult.response).toMatchObject({ chainTrustReason: 'DEPTH_ZERO_SELF_SIGNED_CERT', chain: [{ subject: 'self.example', selfSigned: true }] });
    expect(result.sslCheckResult.response?.chainTrustDetail).toContain('self-signed');
    const skipped = await run(targets.ports.selfSigned, { skipChainValidation: true }, [{ source: 'CERTIFICATE', property: 'selfSigned', comparison: 'EQUALS', target: 'true' }]);
    expect(skipped.hasFailures, JSON.stringify(skipped.sslCheckResult)).toBe(false);
  });

  it('a certificate for another name fails as a hostname mismatch naming what it is for', async () => {
    const ssl = (await run(targets.ports.wrongName)).sslCheckResult;
    expect(ssl).toMatchObject({ hostnameVerified: false, chainTrusted: false, failureCategory: 'HOSTNAME_MISMATCH' });
    expect(ssl.response?.chainTrustDetail).toContain('other.example');
    // skipChainValidation does not accept a certificate for another name.
    const skipped = await run(targets.ports.wrongName, { skipChainValidation: true });
    expect(skipped.sslCheckResult).toMatchObject({ hostnameVerified: false, failureCategory: 'HOSTNAME_MISMATCH' });
    expect(skipped.sslCheckResult.requestError).toContain('not for 127.0.0.1: it names other.example');
    // With serverName set to the name it carries, the same server passes.
    expect((await run(targets.ports.wrongName, { serverName: 'other.example' })).hasFailures).toBe(false);
  });

  it('a failing assertion fails the run and records the value it saw', async () => {
    const result = await run(targets.ports.valid, {}, [{ source: 'CERTIFICATE', property: 'issuerCN', comparison: 'EQUALS', target: "Let's Encrypt" }]);
    expect(result.hasFailures).toBe(true);
    expect(result.sslCheckResult.failureCategory).toBe('ASSERTION');
    expect(result.sslCheckResult.assertions[0]).toMatchObject({ passed: false, actual: 'Sightline Test CA' });
  });

  it('a handshake that never finishes ends at handshakeTimeoutMs with a clear error, a failure of the target', async () => {
    const started = Date.now();
    const result = await run(targets.ports.stuck, { handshakeTimeoutMs: 1000 });
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(result.hasFailures).toBe(true);
    expect(result.hasErrors).toBe(false);
    expect(result.sslCheckResult.failureCategory).toBe('HANDSHAKE_TIMEOUT');
    expect(result.sslCheckResult.requestError).toContain('did not finish within 1000 ms');
  });

  it('a refused connection fails as a connection error', async () => {
    const result = await run(1);
    expect(result.hasFailures).toBe(true);
    expect(result.sslCheckResult.failureCategory).toBe('CONNECTION');
    expect(result.sslCheckResult.requestError).toContain('refused');
  });

  it('a remote agent of a private location runs it and reports the same evidence', async () => {
    const created = await api('POST', '/v1/private-locations', { name: 'TLS lab', slugName: 'tls-lab' });
    expect(created.status, created.text).toBe(201);
    const agent = spawnSightline(['agent', '--server', cli.url, '--key', created.body.keys[0].rawKey as string, '--agent-health-port', '0'], { NODE_EXTRA_CA_CERTS: targets.caFile });
    try {
      await agent.line(/^Sightline agent \S+ registered for private location tls-lab/);
      const result = await run(targets.ports.soon, { alertDaysBeforeExpiry: 20 }, [], { privateLocations: ['tls-lab'] });
      expect(result.runLocation).toBe('tls-lab');
      expect(result.sslCheckResult).toMatchObject({ chainTrusted: true, daysUntilExpiry: 5, failureCategory: 'EXPIRING' });
      expect(agent.stdout.some((line) => line.startsWith('Running job '))).toBe(true);
    } finally {
      await agent.stop('SIGTERM');
    }
  }, 60_000);
});

describe('a new SSL monitor runs as it is created', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer({ startScheduler: true });
  });
  afterAll(() => server.stop());

  it('its first result comes at once, not at its first slot ten minutes later', async () => {
    const created = await server.api('POST', `${PATH}?autoAssignAlerts=false`, valid({ frequency: 10, doubleCheck: false, request: { sslConfig: { hostname: '127.0.0.1', port: 1 } } }));
    expect(created.status, created.text).toBe(201);
    await expect
      .poll(async () => ((await server.api('GET', `/v1/check-results/${created.body.id as string}`)).body as unknown[]).length, { timeout: 10_000 })
      .toBeGreaterThan(0);
    const [first] = (await server.api('GET', `/v1/check-results/${created.body.id as string}`)).body as SslResult[];
    expect(first?.sslCheckResult.failureCategory).toBe('CONNECTION');
  });
});
