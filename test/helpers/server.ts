import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { boot, type Backend, type BootOptions } from '../../src-main/boot';
import { resolveConfig, type Config } from '../../src-main/core/config';
import { teamDatabaseFor } from './team-database';

export const TEST_KEY = 'sl_test_owner_key_0123456789';

export interface ApiResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export type Api = <T = any>(method: string, path: string, body?: unknown, headers?: Record<string, string>) => Promise<ApiResponse<T>>;

export interface TestServer {
  backend: Backend;
  url: string;
  key: string;
  dataDir: string;
  /** A request with the owner key; pass `authorization: ''` in headers to send none. */
  api: Api;
  /** Closes the backend, keeping the data dir (for restarts). */
  close(): Promise<void>;
  /** Closes the backend and removes the data dir. */
  stop(): Promise<void>;
}

export async function makeDataDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'sightline-test-'));
}

export function makeApi(url: string, key: string | null): Api {
  return async (method, path, body, headers = {}) => {
    const merged: Record<string, string> = {};
    if (key) merged.authorization = `Bearer ${key}`;
    if (body !== undefined) merged['content-type'] = 'application/json';
    for (const [name, value] of Object.entries(headers)) {
      if (value === '') delete merged[name.toLowerCase()];
      else merged[name.toLowerCase()] = value;
    }
    const response = await fetch(`${url}${path}`, {
      method,
      headers: merged,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    let parsed: unknown = text;
    if ((response.headers.get('content-type') ?? '').includes('json') && text) parsed = JSON.parse(text);
    return { status: response.status, headers: response.headers, body: parsed as never, text };
  };
}

export interface StartOptions extends BootOptions {
  dataDir?: string;
  apiKey?: string;
  config?: Partial<Config>;
}

/** A real backend on 127.0.0.1 with an ephemeral port and its own SQLite file. */
export async function startServer(options: StartOptions = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? (await makeDataDir());
  const key = options.apiKey ?? TEST_KEY;
  // No canaries unless a test asks: the machine's gateway is not 127.0.0.0/8, where test traffic stays.
  // On the PostgreSQL run of the suite (vitest.postgres.config.ts) each data folder gets a database of its own.
  const team = options.config?.databaseUrl === undefined ? await teamDatabaseFor(dataDir) : null;
  const config = resolveConfig({ host: '127.0.0.1', port: 0, dataDir, apiKey: key, rendererDir: null, canaries: 'off', ...team, ...options.config });
  // Checks run on their schedule only in tests that ask (startScheduler: true), so a test's runs are the ones it triggers.
  const backend = await boot(config, { startScheduler: false, ...options });
  return {
    backend,
    url: backend.url,
    key,
    dataDir,
    api: makeApi(backend.url, key),
    close: () => backend.close(),
    async stop() {
      await backend.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The smallest valid ICMP create body. */
export function icmpBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: 'Loopback ping', request: { hostname: '127.0.0.1' }, ...overrides };
}

/** Creates an alert channel through the REST API, for tests about checks rather than channels; returns its id. */
export async function createAlertChannel(server: TestServer, type: string, config: Record<string, unknown>, autoSubscribe = false): Promise<number> {
  const created = await server.api('POST', '/v1/alert-channels', { type, config, autoSubscribe });
  if (created.status !== 201) throw new Error(`creating a ${type} channel answered ${created.status}: ${created.text}`);
  return created.body.id as number;
}

/** Creates an EMAIL alert channel through the REST API; returns its id. */
export function createEmailChannel(server: TestServer, address = 'ops@example.test'): Promise<number> {
  return createAlertChannel(server, 'EMAIL', { address });
}

/** Sets the account's plan limit through the REST API, as the console's plan setting does (null: unlimited). */
export async function setMaxChecks(server: TestServer, maxChecks: number | null): Promise<void> {
  const res = await server.api('PUT', '/v1/accounts/me/plan', { maxChecks });
  if (res.status !== 200) throw new Error(`setting the plan limit answered ${res.status}: ${res.text}`);
}
