import { expect, it } from 'vitest';
import { setMaxChecks, type TestServer } from '../helpers/server';

export type Body = Record<string, unknown>;

/** [what is wrong, members merged over a valid body (or a function giving a whole body), the field path the message must name] */
export type Rejected = [string, Body | (() => Body), string];
/** [what is at a boundary, members merged over a valid body, what the created check must echo] */
export type Accepted = [string, Body, Body];

export const strings = (n: number, len: number) => Array.from({ length: n }, (_, i) => String(i).padEnd(len, 'x'));
export const envVars = (n: number) => Array.from({ length: n }, (_, i) => ({ key: `VAR_${i}`, value: 'v' }));

/** Table-driven create validation: each rejected body answers 400 naming the field; each accepted one 201 echoing it. */
export function validationCases(getServer: () => TestServer, path: string, valid: (members: Body) => Body, rejected: Rejected[], accepted: Accepted[]) {
  it.each(rejected)('rejects %s with 400 naming the field', async (_label, members, field) => {
    const body = typeof members === 'function' ? members() : valid(members);
    const res = await getServer().api('POST', path, body);
    expect(res.status, res.text).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(res.body.message).toContain(`${field}: `);
  });

  it.each(accepted)('accepts %s', async (_label, members, echoed) => {
    const res = await getServer().api('POST', path, valid(members));
    expect(res.status, res.text).toBe(201);
    expect(res.body).toMatchObject(echoed);
    const stored = await getServer().api('GET', `/v1/checks/${res.body.id}`);
    expect(stored.body).toEqual(res.body);
  });
}

export async function createOk(server: TestServer, path: string, body: Body) {
  const res = await server.api('POST', path, body);
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** Each PUT answers 400 naming the field, and the stored check reads exactly as before. */
export function rejectedPutCases(getServer: () => TestServer, path: string, body: Body, cases: [string, Body, string][]) {
  it.each(cases)('a rejected PUT (%s) answers 400 and changes nothing', async (_label, patch, field) => {
    const server = getServer();
    const created = await createOk(server, path, body);
    const res = await server.api('PUT', `${path}/${created.id}`, patch);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(res.body.message).toContain(`${field}: `);
    expect((await server.api('GET', `/v1/checks/${created.id}`)).body).toEqual(created);
  });
}

/** Over the plan's max_checks a create answers 402 with attributes and stores nothing. */
export function planLimitCase(getServer: () => TestServer, path: string, body: Body) {
  it('answers 402 once the account holds max_checks checks, and creates nothing', async () => {
    const server = getServer();
    const before = Number((await server.api('GET', '/v1/checks')).headers.get('content-range')?.split('/')[1]);
    await setMaxChecks(server, before);
    try {
      const res = await server.api('POST', path, body);
      expect(res.status).toBe(402);
      expect(res.body).toMatchObject({ statusCode: 402, error: 'Payment Required', message: expect.any(String), attributes: { limit: before, used: before } });
      expect((await server.api('GET', '/v1/checks')).headers.get('content-range')).toMatch(new RegExp(`/${before}$`));
    } finally {
      await setMaxChecks(server, null);
    }
  });
}
