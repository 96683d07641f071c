import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApi, startServer, type TestServer } from '../helpers/server';
import { restRoutes } from './route-walk';

/** "/v1/checks/:id" → "/v1/checks/{id}", as OpenAPI writes path parameters. */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

interface Operation {
  responses: Record<string, { content?: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> }>;
  requestBody?: { content: Record<string, { schema: unknown }> };
  parameters?: { name: string; in: string }[];
}

describe('/openapi.json covers every registered REST route', () => {
  let server: TestServer;
  let doc: { paths: Record<string, Record<string, Operation>> };

  beforeAll(async () => {
    server = await startServer();
    doc = (await makeApi(server.url, null)('GET', '/openapi.json')).body;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('describes each operation with a success code and 401, 403 and 429 error bodies', () => {
    const routes = restRoutes(server);
    expect(routes.length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const route of routes) {
      const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!operation) {
        problems.push(`${route.method} ${route.url}: missing`);
        continue;
      }
      const codes = Object.keys(operation.responses);
      if (!codes.some((code) => /^2\d\d$/.test(code))) problems.push(`${route.method} ${route.url}: no success response`);
      for (const code of ['401', '403', '429']) {
        const schema = operation.responses[code]?.content?.['application/json']?.schema;
        if (!schema) {
          problems.push(`${route.method} ${route.url}: no ${code} response`);
          continue;
        }
        for (const member of ['statusCode', 'error', 'message']) {
          if (!schema.properties?.[member] || !schema.required?.includes(member)) problems.push(`${route.method} ${route.url}: ${code} body lacks ${member}`);
        }
        // Any route may refuse with the plain spec body (a role, a foreign account header, the rate limit); a member it lacks would make that a 500.
        for (const member of schema.required ?? []) {
          if (!['statusCode', 'error', 'message'].includes(member)) problems.push(`${route.method} ${route.url}: ${code} body requires ${member}`);
        }
      }
      const pathParams = [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);
      for (const name of pathParams) {
        if (!operation.parameters?.some((p) => p.in === 'path' && p.name === name)) problems.push(`${route.method} ${route.url}: path parameter ${name} undocumented`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('documents request bodies of writes and 400 for operations that validate input', () => {
    const problems: string[] = [];
    for (const route of restRoutes(server)) {
      if (!['POST', 'PUT', 'PATCH'].includes(route.method)) continue;
      const operation = doc.paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      if (!operation?.requestBody) continue;
      if (!operation.responses['400']) problems.push(`${route.method} ${route.url}: has a body but no 400 response`);
    }
    expect(problems).toEqual([]);
  });

  it('describes the account and member operations with their real schemas', () => {
    const members = doc.paths['/v1/accounts/me/members'];
    expect(Object.keys(members.get.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '429']));
    expect(members.get.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['search', 'type', 'role', 'status', 'limit', 'nextId']));
    const add = members.post;
    expect(Object.keys(add.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '409', '429']));
    expect(add.requestBody?.content['application/json'].schema).toMatchObject({ required: expect.arrayContaining(['name', 'email', 'role']) });
    const remove = doc.paths['/v1/accounts/{accountId}/members/{userId}'].delete;
    expect(Object.keys(remove.responses)).toEqual(expect.arrayContaining(['204', '401', '403', '404', '409', '429']));
    const patch = doc.paths['/v1/accounts/{accountId}/members/{userId}'].patch;
    expect(patch.requestBody?.content['application/json'].schema).toMatchObject({
      properties: { role: { enum: ['ADMIN', 'READ_WRITE', 'READ_RUN', 'READ_ONLY'] } },
      required: ['role'],
    });
    const plan = doc.paths['/v1/accounts/me/plan'].put;
    expect(plan.requestBody?.content['application/json'].schema).toMatchObject({ required: ['maxChecks'] });
    expect(doc.paths['/v1/accounts/{accountId}'].get.responses['200']).toBeDefined();
  });

  it('/docs renders the description', async () => {
    const res = await fetch(`${server.url}/docs`, { redirect: 'follow' });
    expect(res.status).toBe(200);
    expect(await res.text()).toMatch(/<html/i);
  });
});
