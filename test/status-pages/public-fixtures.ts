import { expect } from 'vitest';
import { assignMissingCheckNums } from '../../src-main/db/repositories/runs';
import { MAINTENANCE_KEYS, writeMaintenanceState } from '../../src-main/db/repositories/maintenance-state';
import { RESULT_FLAGS } from '../../src-main/db/repositories/runs-results';
import type { StatusPageServiceView } from '../../src-shared/schemas/status-page';
import type { StatusPageView } from '../../src-shared/schemas/status-page-resource';
import type { TestServer } from '../helpers/server';
import { rawRequest, type RawResponse } from '../http/raw';
import { parseMail } from '../notify/mime';

export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;
export { RESULT_FLAGS };

export interface PublicResponse {
  status: number;
  headers: Headers;
  text: string;
}

/** A request as a visitor makes it: no key, no account header. */
export async function visit(server: TestServer, path: string, init: RequestInit = {}): Promise<PublicResponse> {
  const response = await fetch(`${server.url}${path}`, { redirect: 'manual', ...init });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** A form post as a browser sends it. */
export function postForm(server: TestServer, path: string, fields: Record<string, string>): Promise<PublicResponse> {
  return visit(server, path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() });
}

export async function createPage(server: TestServer, url: string, cards: { name: string; services: StatusPageServiceView[] }[], members: Record<string, unknown> = {}): Promise<StatusPageView> {
  const res = await server.api<StatusPageView>('POST', '/v1/status-pages', {
    name: `${url} status`,
    url,
    cards: cards.map((card) => ({ name: card.name, services: card.services.map((service) => ({ id: service.id })) })),
    ...members,
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

export async function createIcmpCheck(server: TestServer, name: string, hostname: string, request: Record<string, unknown> = {}): Promise<string> {
  const res = await server.api('POST', '/v1/checks/icmp', { name, request: { hostname, pingCount: 1, ...request } });
  expect(res.status, res.text).toBe(201);
  return res.body.id as string;
}

export async function checkNumOf(server: TestServer, checkId: string): Promise<number> {
  await assignMissingCheckNums(server.backend.db.db, [checkId]);
  return (server.backend.db.sqlite.prepare('select check_num as n from check_schedule where check_id = ?').get(checkId) as { n: number }).n;
}

/** One closed hour of a check, as the rollup worker writes it (SQL: only the worker writes rollups, from past results). */
export function insertRollup(server: TestServer, checkNum: number, hourStart: number, counts: { passed?: number; degraded?: number; failed?: number; skipped?: number }): void {
  const passed = counts.passed ?? 0;
  const degraded = counts.degraded ?? 0;
  const failed = counts.failed ?? 0;
  const skipped = counts.skipped ?? 0;
  server.backend.db.sqlite
    .prepare(
      `insert into check_rollups (check_num, hour_start, runs, passed, degraded, failed, skipped, timed_runs, packets_sent, packets_received)
       values (?, ?, ?, ?, ?, ?, ?, 0, 0, 0)`,
    )
    .run(checkNum, hourStart, passed + degraded + failed + skipped, passed, degraded, failed, skipped);
}

export async function setRollupWatermark(server: TestServer, at: number): Promise<void> {
  await writeMaintenanceState(server.backend.db.db, MAINTENANCE_KEYS.rollupWatermark, at, at);
}

/**
 * A FINAL result (raw, not rolled up yet) and, with `latest`, the check's current status.
 * SQL: a result at a chosen past time and verdict, which no run through the API can make.
 */
export function insertFinalResult(server: TestServer, checkNum: number, startedAt: number, flags: number, latest = false): void {
  const sqlite = server.backend.db.sqlite;
  sqlite
    .prepare('insert into check_results (session_id, check_num, location, result_type, flags, attempt, started_at, duration_ms) values (0, ?, 1, 0, ?, 1, ?, 10)')
    .run(checkNum, flags, startedAt);
  if (latest) {
    sqlite
      .prepare('insert into check_statuses (check_num, flags, created_at, updated_at) values (?, ?, ?, ?) on conflict (check_num) do update set flags = excluded.flags, updated_at = excluded.updated_at')
      .run(checkNum, flags, startedAt, startedAt);
  }
}

/** A JSON sign-up from a visitor at `from` (any 127.0.0.0/8 address: the server sees it as the client's own). */
export function subscribeFrom(server: TestServer, from: string, slug: string, email: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return rawRequest(server.url, {
    method: 'POST',
    path: `/status/${slug}/subscribe`,
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ email }),
    localAddress: from,
  });
}

/** The confirmation link of a received mail, as `{path, s, t}`, for following it as the subscriber would. */
export function confirmLinkIn(raw: string): { path: string; s: string; t: string } {
  const text = parseMail(raw).text;
  const found = /https?:\/\/[^\s/]+(\/status\/[a-z0-9-]+\/confirm)\?s=([0-9a-f-]{36})&t=([0-9a-f]{40})/.exec(text);
  expect(found, `a confirmation link in:\n${text}`).not.toBeNull();
  const [, path, s, t] = found ?? [];
  return { path, s, t };
}

/** Follows a confirmation link and presses its button, from the visitor's address. */
export function confirmFrom(server: TestServer, from: string, link: { path: string; s: string; t: string }): Promise<RawResponse> {
  return rawRequest(server.url, {
    method: 'POST',
    path: link.path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ s: link.s, t: link.t }).toString(),
    localAddress: from,
  });
}
