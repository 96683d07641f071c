/**
 * What parsing stored check bodies on read costs (issue 35, item 2): 10,000 stored checks (half ICMP,
 * half API with two assertions) in a SQLite file, then the reads that touch many of them, each
 * timed as the median of 7 runs. `parse` is readableChecks over the same rows: the first pass parses
 * every stored version (`first`), later ones find it parsed already; "without" is the read minus it.
 *
 *   npx tsx bench/stored-check-reads.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ManualClock } from '../src-main/core/clock';
import { resolveConfig } from '../src-main/core/config';
import { loadKeyring } from '../src-main/core/keyring';
import { createLogger } from '../src-main/core/logger';
import { openDb, transaction } from '../src-main/db/connection';
import { findCheck, listChecks, readableChecks } from '../src-main/db/repositories/checks';
import { bootstrapAccount } from '../src-main/services/accounts/bootstrap';
import { loadCheckPlans } from '../src-main/services/check-sessions/load-plans';
import { createCheck } from '../src-main/services/checks';
import type { ServiceDeps } from '../src-main/services/context';
import { createRuntime } from '../src-main/services/runtime';
import { ApiCheckCreate } from '../src-shared/schemas/api-check';
import { IcmpMonitorCreate } from '../src-shared/schemas/icmp-monitor';
import { apiCheckBody } from './lib/api-checks';

const CHECKS = 10_000;
const RUNS = 7;

async function median(work: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await work();
    times.push(performance.now() - t0);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)] as number;
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sightline-bench-reads-'));
  const config = resolveConfig({ dataDir, apiKey: 'bench-key-0123456789abcdef', rendererDir: null });
  const handle = openDb({ dataDir, migrationsDir: config.migrationsDir });
  const deps: ServiceDeps = { db: handle.db, clock: new ManualClock('2026-01-01T00:00:00.000Z'), logger: createLogger('warn'), runtime: createRuntime('http://bench'), keyring: loadKeyring(dataDir) };
  try {
    const { accountId } = await bootstrapAccount(deps, config.apiKey);
    const ctx = { ...deps, accountId };
    const ids: string[] = [];
    // One write transaction for the setup (each create nests in it as a savepoint).
    await transaction(deps.db, async () => {
      for (let i = 0; i < CHECKS; i++) {
        const body = i % 2 === 0 ? IcmpMonitorCreate.parse({ name: `monitor ${i}`, frequency: 1, request: { hostname: '127.0.0.1' } }) : ApiCheckCreate.parse(apiCheckBody(`api ${i}`, 'http://127.0.0.1:9', i));
        ids.push(String((await createCheck(ctx, body, { autoAssignAlerts: false })).id));
      }
    });

    let t0 = performance.now();
    const all = await listChecks(deps.db, { accountId }, CHECKS, 0);
    const first = performance.now() - t0;
    t0 = performance.now();
    readableChecks(all);
    const firstParseAgain = performance.now() - t0;
    if (all.length !== CHECKS) throw new Error(`read ${all.length} of ${CHECKS} checks`);
    const list = await median(() => listChecks(deps.db, { accountId }, CHECKS, 0));
    const parse = await median(async () => readableChecks(all));
    const page = await median(() => listChecks(deps.db, { accountId }, 100, 0));
    const pageParse = await median(async () => readableChecks(all.slice(0, 100)));
    const finds = await median(async () => {
      for (const id of ids.slice(0, 1000)) await findCheck(deps.db, accountId, id);
    });
    const findParse = await median(async () => {
      for (const row of all.slice(0, 1000)) readableChecks([row]);
    });
    const plans = await median(() => loadCheckPlans(deps, { activatedOnly: true }));
    const ms = (n: number) => `${n.toFixed(1)} ms`;
    const pct = (part: number, whole: number) => `${((100 * part) / (whole - part)).toFixed(0)} %`;
    console.log(`${CHECKS} stored checks (ICMP and API), SQLite, median of ${RUNS}`);
    console.log(`listChecks, all ${CHECKS}, first read after start (parses every body): ${ms(first)}; a second parse of the same rows: ${ms(firstParseAgain)}`);
    console.log(`listChecks, all ${CHECKS}: ${ms(list)} (parse ${ms(parse)}; without it ${ms(list - parse)}, +${pct(parse, list)})`);
    console.log(`listChecks, a page of 100: ${ms(page)} (parse ${ms(pageParse)}, +${pct(pageParse, page)})`);
    console.log(`findCheck x1000 (alerting reads one per verdict): ${ms(finds)} (parse ${ms(findParse)}, +${pct(findParse, finds)})`);
    console.log(`loadCheckPlans, all ${CHECKS} (the scheduler; reads through runs.ts, not these functions): ${ms(plans)}`);
  } finally {
    handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

void main();
