import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Scenario } from './contract/scenario';
import { undeclaredMembers } from './contract/undeclared';
import { makeApi, startServer, type TestServer } from './helpers/server';

describe('API description', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('/openapi.json describes the REST operations without needing a key', async () => {
    const res = await makeApi(server.url, null)('GET', '/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body;
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Sightline API');
    expect(doc.paths['/v1/checks/icmp'].post).toBeDefined();
    expect(doc.paths['/v1/checks/icmp/{id}'].put).toBeDefined();
    expect(doc.paths['/v1/checks'].get).toBeDefined();
    expect(doc.paths['/v1/checks/{id}'].get).toBeDefined();
    expect(doc.paths['/v1/checks/{id}'].delete).toBeDefined();
    expect(doc.paths['/v1/accounts/me'].get).toBeDefined();
    expect(doc.components.securitySchemes.bearerAuth).toEqual({ type: 'http', scheme: 'bearer' });
  });

  it('documents the ICMP create body from the shared schema and its error statuses', async () => {
    const doc = (await makeApi(server.url, null)('GET', '/openapi.json')).body;
    const post = doc.paths['/v1/checks/icmp'].post;
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '402', '403', '429']));
    const schema = post.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['name', 'request']));
    expect(schema.properties.request.properties.pingCount).toMatchObject({ minimum: 1, maximum: 50 });
    expect(schema.properties.request.required).toContain('hostname');
    expect(post.parameters.map((p: { name: string }) => p.name)).toContain('autoAssignAlerts');
  });

  it('/docs answers 200 with an HTML page', async () => {
    const res = await fetch(`${server.url}/docs`, { redirect: 'follow' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
    expect(await res.text()).toMatch(/<html/i);
  });

  it('leaves the tRPC endpoint out: it is the console\'s own RPC, not the REST API', async () => {
    const doc = (await makeApi(server.url, null)('GET', '/openapi.json')).body;
    expect(Object.keys(doc.paths).filter((path) => path.startsWith('/trpc'))).toEqual([]);
  });

  it('declares every member of every response body the contract run sees', async () => {
    const scenario = new Scenario(server);
    await scenario.run();
    const doc = (await makeApi(server.url, null)('GET', '/openapi.json')).body;
    const problems: string[] = [];
    for (const exchange of scenario.exchanges) {
      if (exchange.status === 204) continue;
      const response = doc.paths[exchange.route]?.[exchange.method.toLowerCase()]?.responses?.[String(exchange.status)];
      const schema = response?.content?.['application/json']?.schema;
      if (!schema) {
        problems.push(`${exchange.method} ${exchange.route} ${exchange.status}: not described`);
        continue;
      }
      for (const pointer of undeclaredMembers(doc, schema, exchange.body)) problems.push(`${exchange.method} ${exchange.route} ${exchange.status}: ${pointer.replace(/\/\d+(?=\/|$)/g, '/*')}`);
    }
    if (problems.length > 0) console.log([...new Set(problems)].join("\n"));
    expect([...new Set(problems)]).toEqual([]);
  }, 180_000);
});
