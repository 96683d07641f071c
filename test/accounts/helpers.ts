import { makeApi, type Api, type TestServer } from '../helpers/server';

export const ROLES = ['OWNER', 'ADMIN', 'READ_WRITE', 'READ_RUN', 'READ_ONLY'] as const;
export type TestRole = (typeof ROLES)[number];

export interface MemberWithKey {
  userId: string;
  email: string;
  key: string;
  api: Api;
}

let counter = 0;

/** Adds a member through the API with the owner key and returns its first key. */
export async function addMemberWithKey(server: TestServer, role: TestRole, name = `${role} member`): Promise<MemberWithKey> {
  counter += 1;
  const email = `${role.toLowerCase()}-${counter}-${Date.now()}@example.test`;
  const res = await server.api('POST', '/v1/accounts/me/members', { name, email, role });
  if (res.status !== 201) throw new Error(`adding a ${role} member answered ${res.status}: ${res.text}`);
  return { userId: res.body.userId, email, key: res.body.apiKey.apiKey, api: makeApi(server.url, res.body.apiKey.apiKey) };
}

/** The id of the owner member created at first start. */
export async function ownerUserId(server: TestServer): Promise<string> {
  const res = await server.api('GET', '/v1/accounts/me/members?role=OWNER&type=member');
  return res.body.members[0].userId;
}
