import { api, apiExpect } from './api';
import { runCheckly, type CliRun } from './checkly-cli';
import { makeTempDir, removeTempDir } from './cleanup';
import type { DeployProjectShape } from './deploy-project';
import { BENCH_API_KEY, startServer } from './server';
import { startTimingProxy, type ProxiedRequest } from './timing-proxy';

export interface TimedDeploy {
  cli: CliRun;
  /** Every call the CLI made, timed at the proxy. */
  requests: ProxiedRequest[];
  /** The POST /v1/projects/deploy (not a dry run): request in → answer out. */
  postMs: number;
  /** The CLI's wall time minus the time its calls to the server took (parsing, bundling, start-up). */
  cliOwnMs: number;
}

export interface DeployRun {
  first: TimedDeploy;
  second: TimedDeploy;
  /** `checkly debug parse-project`: the CLI alone, no server. */
  parseMs: number;
  /** After the first deploy, through GET /v1/checks: checks bound to the project, and all checks. */
  boundChecks: number;
  totalChecks: number;
  /** The second deploy's printed diff had no Create and no Delete (everything an UPDATE). */
  secondAllUpdates: boolean;
}

const isDeployPost = (r: ProxiedRequest) => r.method === 'POST' && r.path === '/v1/projects/deploy' && !/dryRun=true/.test(r.query);

/** Sums the time the server spent on the CLI's calls, counting overlapping calls once. */
function serverBusyMs(requests: ProxiedRequest[]): number {
  const spans = requests.map((r) => [r.startedAt, r.startedAt + r.ms]).sort((a, b) => a[0] - b[0]);
  let busy = 0;
  let end = -Infinity;
  for (const [start, stop] of spans) {
    if (stop <= end) continue;
    busy += stop - Math.max(start, end);
    end = stop;
  }
  return busy;
}

function timed(cli: CliRun, requests: ProxiedRequest[], label: string): TimedDeploy {
  if (cli.code !== 0) throw new Error(`${label}: checkly exited ${cli.code}: ${(cli.stdout + cli.stderr).slice(-1500)}`);
  const post = requests.find(isDeployPost);
  if (!post) throw new Error(`${label}: the CLI made no POST /v1/projects/deploy (calls: ${requests.map((r) => `${r.method} ${r.path}`).join(', ')})`);
  return { cli, requests, postMs: post.ms, cliOwnMs: cli.wallMs - serverBusyMs(requests) };
}

/** Pages through GET /v1/checks (100 a page, the spec's maximum) and counts the project's checks. */
async function countBoundChecks(apiUrl: string, projectLogicalId: string): Promise<{ bound: number; total: number }> {
  let bound = 0;
  let total = 0;
  for (let page = 1; page <= 1_000; page++) {
    const res = await api(apiUrl, 'GET', `/v1/checks?limit=100&page=${page}`);
    if (res.status !== 200 || !Array.isArray(res.body)) throw new Error(`GET /v1/checks page ${page} answered ${res.status}`);
    const checks = res.body as { project?: { logicalId?: string } | null }[];
    if (checks.length === 0) break;
    total += checks.length;
    bound += checks.filter((c) => c.project?.logicalId === projectLogicalId).length;
  }
  return { bound, total };
}

/** One run on a fresh data folder: parse alone, first deploy, count what is bound, an unchanged redeploy. */
export async function deployRun(binary: string, projectDir: string, shape: DeployProjectShape, label: string): Promise<DeployRun> {
  const dataDir = makeTempDir('deploy');
  const server = await startServer({ dataDir });
  const proxy = await startTimingProxy(server.apiUrl);
  try {
    const me = await apiExpect(server.apiUrl, 'GET', '/v1/accounts/me', undefined, 200);
    const target = { url: proxy.url, key: BENCH_API_KEY, accountId: String(me.id) };
    const parse = await runCheckly(binary, target, ['debug', 'parse-project'], projectDir);
    if (parse.code !== 0) throw new Error(`${label}: checkly debug parse-project exited ${parse.code}: ${parse.stderr.slice(-1000)}`);
    proxy.take();

    const first = timed(await runCheckly(binary, target, ['deploy', '--force', '--output'], projectDir), proxy.take(), `${label} first deploy`);
    const { bound, total } = await countBoundChecks(server.apiUrl, shape.logicalId);
    process.stdout.write(`  [deploy-1k] ${label}: first deploy ${first.cli.wallMs} ms (POST ${first.postMs} ms), ${bound}/${shape.checks} checks bound\n`);

    const second = timed(await runCheckly(binary, target, ['deploy', '--force', '--output'], projectDir), proxy.take(), `${label} second deploy`);
    const secondAllUpdates = !/^Create:/m.test(second.cli.stdout) && !/^Delete:/m.test(second.cli.stdout) && /Update and Unchanged:/.test(second.cli.stdout);
    process.stdout.write(`  [deploy-1k] ${label}: unchanged redeploy ${second.cli.wallMs} ms (POST ${second.postMs} ms)\n`);
    return { first, second, parseMs: parse.wallMs, boundChecks: bound, totalChecks: total, secondAllUpdates };
  } finally {
    await proxy.close();
    await server.stop(30_000);
    removeTempDir(dataDir);
  }
}
