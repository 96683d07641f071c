import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApi, startServer, type TestServer } from '../helpers/server';

describe('status pages in /openapi.json', () => {
  let server: TestServer;
  let doc: Awaited<ReturnType<typeof readDoc>>;
  const readDoc = async () => (await makeApi(server.url, null)('GET', '/openapi.json')).body;

  beforeAll(async () => {
    server = await startServer();
    doc = await readDoc();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('describes every status page operation with its success status', () => {
    const expected: [string, string, string][] = [
      ['/v1/status-pages/services', 'get', '200'],
      ['/v1/status-pages/services', 'post', '201'],
      ['/v1/status-pages/services/{serviceId}', 'get', '200'],
      ['/v1/status-pages/services/{serviceId}', 'put', '200'],
      ['/v1/status-pages/services/{serviceId}', 'delete', '204'],
      ['/v1/status-pages/incidents', 'get', '200'],
      ['/v1/status-pages/incidents', 'post', '201'],
      ['/v1/status-pages/incidents/{incidentId}', 'get', '200'],
      ['/v1/status-pages/incidents/{incidentId}', 'put', '200'],
      ['/v1/status-pages/incidents/{incidentId}', 'delete', '204'],
      ['/v1/status-pages/incidents/{incidentId}/incident-updates', 'get', '200'],
      ['/v1/status-pages/incidents/{incidentId}/incident-updates', 'post', '201'],
      ['/v1/status-pages/incidents/{incidentId}/incident-updates/{incidentUpdateId}', 'get', '200'],
      ['/v1/status-pages/incidents/{incidentId}/incident-updates/{incidentUpdateId}', 'put', '200'],
      ['/v1/status-pages/incidents/{incidentId}/incident-updates/{incidentUpdateId}', 'delete', '204'],
    ];
    for (const [path, method, status] of expected) {
      expect(doc.paths[path]?.[method]?.responses?.[status], `${method} ${path} ${status}`).toBeDefined();
    }
  });

  it('documents the incident create body from the shared schema and the errors of spec 4.7', () => {
    const post = doc.paths['/v1/status-pages/incidents'].post;
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['201', '400', '401', '403', '404', '429']));
    const schema = post.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['name', 'severity', 'services', 'incidentUpdates']));
    expect(schema.properties.name.maxLength).toBe(255);
    expect(schema.properties.services.minItems).toBe(1);
    expect(schema.properties.severity.enum).toEqual(['CRITICAL', 'MAJOR', 'MEDIUM', 'MINOR']);
    const read = post.responses['201'].content['application/json'].schema;
    expect(read.properties.lastUpdateStatus.enum).toEqual(['INVESTIGATING', 'IDENTIFIED', 'MONITORING', 'RESOLVED']);
  });
});
