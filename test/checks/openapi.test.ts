import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../helpers/server';

describe('/openapi.json for the monitor routes', () => {
  let server: TestServer;
  let spec: { paths: Record<string, Record<string, { requestBody?: unknown; responses: Record<string, unknown>; parameters?: { name: string }[] }>> };

  beforeAll(async () => {
    server = await startServer();
    spec = (await server.api('GET', '/openapi.json')).body;
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each([
    ['/v1/checks/traceroute', 'post', '201', ['402'], 'request'],
    ['/v1/checks/traceroute/{id}', 'put', '200', ['404'], 'request'],
    ['/v1/checks/multistep', 'post', '201', ['402'], 'dependencies'],
    ['/v1/checks/multistep/{id}', 'put', '200', ['404'], 'dependencies'],
  ])('%s %s documents the body, autoAssignAlerts, its success and its errors', (path, method, success, errors, member) => {
    const operation = spec.paths[path]?.[method];
    expect(operation).toBeDefined();
    expect(JSON.stringify(operation?.requestBody)).toContain(`"${member}"`);
    expect(operation?.parameters?.map((p) => p.name)).toContain('autoAssignAlerts');
    expect(Object.keys(operation?.responses ?? {})).toEqual(expect.arrayContaining([success, '400', ...errors]));
    expect(JSON.stringify(operation?.responses[success])).toContain('"alertChannels"');
  });
});
