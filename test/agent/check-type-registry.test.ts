import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultLaneCapacities } from '../../src-main/agent/embedded-agent';
import { PROJECT_ROOT } from '../../src-main/core/config';
import { appRouter } from '../../src-main/http/trpc/router';
import { EXECUTORS } from '../../src-main/runner/run-job';
import { CONSOLE_CHECK_TYPES, LANE_LABELS, newCheckPath } from '../../src-renderer/features/check-types';
import { AGENT_RUN_TYPE_NAMES, CHECK_TYPE_MODULES, laneEnvOf, laneFlagOf, RUN_TYPE_NAMES, SERVER_JUDGED_TYPES, type AgentRunType } from '../../src-shared/check-types';
import { CHECK_TYPES } from '../../src-shared/enums';
import { CheckResult } from '../../src-shared/schemas/check-result';
import { ExecutionResult } from '../../src-shared/schemas/run-job';
import { startServer, type TestServer } from '../helpers/server';
import { killLeftovers, probe, spawnSightline, type CliProcess } from './helpers';

const unique = (values: readonly string[]) => new Set(values).size === values.length;

/** Every check type that runs here is one module per layer; each layer's registry lists the same types (issue 33). */
describe('the check-type registries', () => {
  it('every registered type is a public check type, filed under its own name, with names no other type has', () => {
    expect(RUN_TYPE_NAMES).toEqual(['ICMP', 'TRACEROUTE', 'MULTI_STEP', 'SSL', 'API', 'URL', 'TCP', 'DNS', 'HEARTBEAT', 'GRPC']);
    // Heartbeats are judged by the server (their module says so): no executor, no lane.
    expect(RUN_TYPE_NAMES.filter((type) => (CHECK_TYPE_MODULES[type].run as { judgedByServer?: true }).judgedByServer)).toEqual([...SERVER_JUDGED_TYPES]);
    expect(AGENT_RUN_TYPE_NAMES).toEqual(['ICMP', 'TRACEROUTE', 'MULTI_STEP', 'SSL', 'API', 'URL', 'TCP', 'DNS', 'GRPC']);
    for (const type of RUN_TYPE_NAMES) {
      expect(CHECK_TYPE_MODULES[type].checkType).toBe(type);
      expect(CHECK_TYPES).toContain(type);
    }
    const modules = RUN_TYPE_NAMES.map((type) => CHECK_TYPE_MODULES[type]);
    expect(unique(modules.map((m) => m.segment))).toBe(true);
    expect(unique(modules.map((m) => m.procedure))).toBe(true);
    // API and URL share the public CheckResultAPI member (apiCheckResult) and its stored detail: one result half, HTTP_RESULT.
    const results = [...new Set(modules.map((m) => m.result))];
    expect(unique(results.map((r) => r.key))).toBe(true);
    expect(unique(results.map((r) => r.detailKey))).toBe(true);
    expect(modules.filter((m) => m.result.key === 'apiCheckResult').map((m) => m.checkType)).toEqual(['API', 'URL']);
  });

  it('every type has its executor, lane, tRPC procedures, result members and console module', () => {
    expect(Object.keys(EXECUTORS).sort()).toEqual([...AGENT_RUN_TYPE_NAMES].sort());
    expect(Object.keys(CONSOLE_CHECK_TYPES).sort()).toEqual([...RUN_TYPE_NAMES].sort());
    const lanes = defaultLaneCapacities(true, true);
    expect(Object.keys(lanes).sort()).toEqual([...AGENT_RUN_TYPE_NAMES].sort());
    for (const type of AGENT_RUN_TYPE_NAMES) {
      expect(typeof EXECUTORS[type]).toBe('function');
      expect(Number.isInteger(lanes[type]) && lanes[type] > 0).toBe(true);
    }
    const procedures = Object.keys(appRouter._def.procedures);
    for (const type of RUN_TYPE_NAMES) {
      const module = CHECK_TYPE_MODULES[type];
      expect(procedures).toContain(`checks.create${module.procedure}`);
      expect(procedures).toContain(`checks.update${module.procedure}`);
      expect(Object.keys(ExecutionResult.shape)).toContain(module.result.key);
      expect(Object.keys(CheckResult.shape)).toContain(module.result.key);
      const console = CONSOLE_CHECK_TYPES[type];
      expect([typeof console.NewPage, typeof console.EditForm, typeof console.ResultView, typeof console.update]).toEqual(['function', 'function', 'function', 'function']);
      expect(newCheckPath(type)).toBe(`/monitors/new-${module.segment}`);
      expect(LANE_LABELS[type]).not.toBe('');
    }
  });
});

describe('each registered type on the REST API', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await server.stop();
  });

  it('has its create and update routes, and the generic /v1/checks names it', async () => {
    const openapi = await fetch(`${server.url}/openapi.json`).then((response) => response.json() as Promise<{ paths: Record<string, Record<string, { summary?: string }>> }>);
    for (const type of RUN_TYPE_NAMES) {
      const { segment } = CHECK_TYPE_MODULES[type];
      expect(Object.keys(openapi.paths[`/v1/checks/${segment}`] ?? {})).toContain('post');
      expect(Object.keys(openapi.paths[`/v1/checks/${segment}/{id}`] ?? {})).toContain('put');
      expect(openapi.paths['/v1/checks']?.post?.summary).toContain(type);
    }
  });
});

function sightline(args: string[], env: NodeJS.ProcessEnv = {}) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('SIGHTLINE_')));
  return spawnSync(process.execPath, [join(PROJECT_ROOT, 'bin', 'sightline.mjs'), ...args], {
    cwd: PROJECT_ROOT,
    env: { ...clean, SIGHTLINE_CANARIES: 'off', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe('the lanes of serve and agent come from the registry', () => {
  let server: TestServer;
  const agents: CliProcess[] = [];
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(async () => {
    await Promise.all(agents.map((agent) => agent.stop('SIGKILL')));
    killLeftovers();
    await server.stop();
  });

  it('`--help` of serve and agent names every type\'s lane flag, and serve names its environment variable', () => {
    const serve = sightline(['serve', '--help']);
    const agent = sightline(['agent', '--help']);
    expect(serve.stdout).not.toContain('--lane-heartbeat');
    for (const type of AGENT_RUN_TYPE_NAMES) {
      expect(serve.stdout).toContain(`[${laneFlagOf(type)} N]`);
      expect(serve.stdout).toContain(laneEnvOf(type));
      expect(agent.stdout).toContain(`[${laneFlagOf(type)} N]`);
    }
  });

  it('serve refuses a bad capacity in any type\'s flag or variable, naming it', () => {
    for (const [i, type] of AGENT_RUN_TYPE_NAMES.entries()) {
      // Flags for some types, variables for the others: both come from the registry.
      const run = i % 2 === 0 ? sightline(['serve', laneFlagOf(type), '0']) : sightline(['serve', '--data-dir', join(tmpdir(), 'sightline-registry-lanes-never-made')], { [laneEnvOf(type)]: '0' });
      expect(run.status).toBe(2);
      expect(run.stderr).toContain(`${i % 2 === 0 ? laneFlagOf(type) : laneEnvOf(type)} must be a whole number of runs at once between 1 and 100000, got "0"`);
    }
  });

  it('a remote agent sizes each lane from its flag or its environment variable', async () => {
    const created = await server.api('POST', '/v1/private-locations', { name: 'Registry lanes', slugName: 'registry-lanes' });
    expect(created.status).toBe(201);
    const wanted = Object.fromEntries(AGENT_RUN_TYPE_NAMES.map((type, i) => [type, 3 + i])) as Record<AgentRunType, number>;
    const flags = AGENT_RUN_TYPE_NAMES.filter((_, i) => i % 2 === 0).flatMap((type) => [laneFlagOf(type), String(wanted[type])]);
    const env = Object.fromEntries(AGENT_RUN_TYPE_NAMES.filter((_, i) => i % 2 === 1).map((type) => [laneEnvOf(type), String(wanted[type])]));
    const agent = spawnSightline(['agent', '--server', server.url, '--key', created.body.keys[0].rawKey, '--agent-health-port', '0', ...flags], env);
    agents.push(agent);
    const healthUrl = await agent.line(/^Agent health probes on (http:\/\/\S+)$/, 30_000);
    await agent.line(/^Sightline agent \S+ registered for private location registry-lanes/, 30_000);
    const health = await probe(`${healthUrl}/health`);
    expect(health.status).toBe(200);
    const body = health.body as { lanes: { lane: string; capacity: number }[] };
    const capacities = Object.fromEntries((body.lanes as { lane: string; capacity: number }[]).map((lane) => [lane.lane, lane.capacity]));
    expect(capacities).toEqual(wanted);
  });
});
