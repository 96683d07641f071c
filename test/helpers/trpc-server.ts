import { afterAll, beforeAll } from 'vitest';
import { addMemberWithKey, type MemberWithKey, type TestRole } from '../accounts/helpers';
import { startServer, type StartOptions, type TestServer } from './server';
import { trpcClient, type TrpcClient } from './trpc';

/** A member of one role with its own key, and a tRPC client that sends it. */
export interface RoleClient extends MemberWithKey {
  trpc: TrpcClient;
}

export interface ServerWithClients {
  server: TestServer;
  /** The owner's client. */
  trpc: TrpcClient;
  /** The member of a role asked for at start (throws for a role that was not). */
  member(role: TestRole): RoleClient;
}

/** Adds a member of the role through the API and returns its key with a tRPC client for it. */
export async function roleClient(server: TestServer, role: TestRole): Promise<RoleClient> {
  const member = await addMemberWithKey(server, role);
  return { ...member, trpc: trpcClient(server.url, member.key) };
}

/** A real server with the owner's tRPC client and, per role asked for, a member with its own client. */
export async function startServerWithClients(options: StartOptions = {}, roles: readonly TestRole[] = []): Promise<ServerWithClients> {
  const server = await startServer(options);
  const clients = new Map<TestRole, RoleClient>();
  for (const role of roles) clients.set(role, await roleClient(server, role));
  return {
    server,
    trpc: trpcClient(server.url, server.key),
    member(role) {
      const client = clients.get(role);
      if (!client) throw new Error(`no ${role} member: name the role when starting the server`);
      return client;
    },
  };
}

/**
 * One server for the enclosing describe: started in beforeAll, stopped in afterAll. Read its
 * members in hooks and tests (they throw before the server has started); options may be a
 * function for values made in an earlier hook.
 */
export function useServerWithClients(options: StartOptions | (() => StartOptions) = {}, roles: readonly TestRole[] = []): ServerWithClients {
  let started: ServerWithClients | undefined;
  beforeAll(async () => {
    started = await startServerWithClients(typeof options === 'function' ? options() : options, roles);
  });
  afterAll(async () => {
    await started?.server.stop();
  });
  const current = (): ServerWithClients => {
    if (!started) throw new Error('the server starts in beforeAll: read it inside a hook or a test');
    return started;
  };
  return {
    get server() {
      return current().server;
    },
    get trpc() {
      return current().trpc;
    },
    member: (role) => current().member(role),
  };
}
