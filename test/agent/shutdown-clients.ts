import { request } from 'node:http';
import { expect } from 'vitest';
import { TEST_KEY } from '../helpers/server';
import { trpcClient } from '../helpers/trpc';
import { spawnSightline, type CliProcess } from './helpers';

/** What `sightline serve` prints once it accepts requests. */
export const LISTENING = /^Sightline API listening on (http:\/\/\S+)$/;
/** What the server promises: gone at most this long after its drain timeout (SHUTDOWN_MARGIN_MS). */
export const MARGIN_MS = 5_000;

export function serveArgs(dataDir: string, drainSeconds: number): string[] {
  return ['serve', '--no-console-build', '--port', '0', '--data-dir', dataDir, '--api-key', TEST_KEY, '--agent-health-port', '0', '--drain-timeout', String(drainSeconds)];
}

/**
 * Sends SIGTERM and waits for the exit up to `limitMs`. A process still running then is left
 * running up to `lingerMs` in all (so a run its scheduler would start is recorded), then killed.
 */
export async function terminate(cli: CliProcess, limitMs: number, lingerMs = limitMs): Promise<{ signalAt: number; code: number | null; exitedAfterMs: number | null }> {
  const signalAt = Date.now();
  cli.child.kill('SIGTERM');
  const inTime = await Promise.race([cli.exited.then(() => true), new Promise<false>((resolve) => setTimeout(() => resolve(false), limitMs))]);
  const exitedAfterMs = inTime ? Date.now() - signalAt : null;
  if (!inTime) {
    await Promise.race([cli.exited, new Promise((resolve) => setTimeout(resolve, lingerMs - limitMs))]);
    cli.child.kill('SIGKILL');
  }
  return { signalAt, code: inTime ? await cli.exited : null, exitedAfterMs };
}

/** Starts the server again on the data folder, without its scheduler, and asks it what was recorded. */
export async function afterRestart<T>(dataDir: string, ask: (url: string) => Promise<T>): Promise<T> {
  const again = spawnSightline(['serve', '--no-console-build', '--no-scheduler', '--port', '0', '--data-dir', dataDir, '--api-key', TEST_KEY, '--agent-health-port', '0']);
  try {
    return await ask(await again.line(LISTENING, 30_000));
  } finally {
    await again.stop('SIGTERM');
  }
}

/** The sessions the console's Sessions list shows as started after `at`. */
export async function sessionsStartedAfter(url: string, at: number): Promise<{ name: string; startedAt: string }[]> {
  const recent = await trpcClient(url, TEST_KEY).checkSessions.listRecent.query({ limit: 100 });
  return recent.filter((s) => Date.parse(s.startedAt) > at).map((s) => ({ name: s.name, startedAt: s.startedAt }));
}

export type Answer = { status: number; body: any } | { error: string };

export interface OpenRequest {
  /** Resolves once what is to be sent now is on the wire. */
  sent: Promise<void>;
  /** Sends the rest of a held-back body. */
  finish(): void;
  answer: Promise<Answer>;
}

/**
 * A request with the owner key over a connection of its own: a GET the server may hold open (a
 * long-poll), or with `holdBack` a POST whose body's second half waits for finish().
 */
export function openRequest(url: string, path: string, options: { body?: unknown; holdBack?: boolean } = {}): OpenRequest {
  const text = options.body === undefined ? null : JSON.stringify(options.body);
  const headers: Record<string, string> = { authorization: `Bearer ${TEST_KEY}` };
  if (text !== null) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(text)) });
  const req = request({ host: '127.0.0.1', port: Number(new URL(url).port), path, method: text === null ? 'GET' : 'POST', headers, agent: false });
  const answer = new Promise<Answer>((resolve) => {
    req.on('response', (res) => {
      let received = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (received += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: received ? JSON.parse(received) : null }));
      res.on('error', (error) => resolve({ error: error.message }));
    });
    req.on('error', (error) => resolve({ error: error.message }));
  });
  const cut = text === null ? 0 : options.holdBack ? Math.floor(text.length / 2) : text.length;
  const sent = new Promise<void>((resolve) => {
    if (options.holdBack) req.write(text?.slice(0, cut) ?? '', () => resolve());
    else req.end(text ?? undefined, () => resolve());
  });
  return { sent, finish: () => req.end(text?.slice(cut)), answer };
}

/**
 * Makes sure the requests sent before this one have reached the server's handlers: the server
 * accepted their connections before this one's, so it read them no later than this request.
 */
export async function roundTrip(url: string): Promise<void> {
  expect(await openRequest(url, '/v1/accounts/me').answer).toMatchObject({ status: 200 });
}
