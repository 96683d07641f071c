import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { cliCacheDir, CLI_VERSION, ensureCheckly } from '../lib/checkly-cli';
import { makeTempDir, removeTempDir } from '../lib/cleanup';
import { backgroundCores } from '../lib/cpu-window';
import { writeDeployProject } from '../lib/deploy-project';
import { deployRun, type DeployRun, type TimedDeploy } from '../lib/deploy-run';
import { cpuModel } from '../lib/machine';
import type { Scenario } from '../lib/scenario';
import { fmt, median } from '../lib/stats';

/** The calls one deploy made, grouped by method and path (ids folded), with their summed time. */
function callTable(deploy: TimedDeploy): string[][] {
  const groups = new Map<string, { count: number; ms: number; statuses: Set<number> }>();
  for (const r of deploy.requests) {
    const key = `${r.method} ${r.path.replace(/\/[0-9a-f-]{36}(?=\/|$)/g, '/{id}').replace(/\/\d+(?=\/|$)/g, '/{id}')}${r.query.includes('dryRun=true') ? ' (dry run)' : ''}`;
    const group = groups.get(key) ?? { count: 0, ms: 0, statuses: new Set<number>() };
    group.count++;
    group.ms += r.ms;
    group.statuses.add(r.status);
    groups.set(key, group);
  }
  return [...groups].map(([key, g]) => [key, String(g.count), [...g.statuses].join(', '), fmt.ms(g.ms)]);
}

const runCells = (i: number, run: DeployRun) => [
  String(i + 1),
  fmt.ms(run.parseMs),
  fmt.ms(run.first.cli.wallMs),
  fmt.ms(run.first.postMs),
  fmt.ms(run.first.cliOwnMs),
  `${run.boundChecks} / ${run.totalChecks}`,
  fmt.ms(run.second.cli.wallMs),
  fmt.ms(run.second.postMs),
  run.secondAllUpdates ? 'all UPDATE' : 'NOT all UPDATE',
];

export const deploy1k: Scenario = {
  name: 'deploy-1k',
  title: '`checkly deploy` of 1,000 checks with the public CLI',
  description: (o) =>
    `The public CLI \`checkly@${CLI_VERSION}\` (from ${cliCacheDir()}) runs \`checkly deploy --force --output\` in a generated project: ${o.deploy.checks} constructs ` +
    '(94 % IcmpMonitor, 5 % TracerouteMonitor, 1 % MultiStepCheck, each to its own 127.x.y.z address) in ' +
    `${o.deploy.groups} CheckGroupV2 subscribed to two alert channels (email, webhook to 127.0.0.1:9), frequency 10 min. Each of ${o.deploy.runs} runs starts ` +
    '`sightline serve` (scheduler running) on a fresh data folder; the CLI talks to it through a pass-through timing proxy on 127.0.0.1. Per run: ' +
    '`checkly debug parse-project` (the CLI alone), the first deploy (all CREATE, scheduleOnDeploy), GET /v1/checks paged to count the checks bound to the ' +
    'project, then a second deploy with nothing changed (all UPDATE). CLI = spawn → exit; POST = the proxy’s first byte in → last byte out of ' +
    '`POST /v1/projects/deploy` (the server’s time; the deployment record’s createdAt and finishedAt are one instant, so they cannot tell it); ' +
    'CLI alone = CLI time minus the time its calls to the server took.',
  async run(ctx) {
    const { checks, groups, runs } = ctx.options.deploy;
    const binary = await ensureCheckly();
    const projectDir = makeTempDir('deploy-project');
    const shape = writeDeployProject(projectDir, { checks, groups, cliNodeModules: join(cliCacheDir(), 'node_modules') });
    const background = await backgroundCores(5_000);
    const loadBefore = loadavg().map((n) => n.toFixed(2)).join(' / ');
    const results: DeployRun[] = [];
    try {
      for (let i = 0; i < Math.max(1, runs); i++) results.push(await deployRun(binary, projectDir, shape, `run ${i + 1}`));
    } finally {
      removeTempDir(projectDir);
    }
    const firstWall = median(results.map((r) => r.first.cli.wallMs));
    const allBound = results.every((r) => r.boundChecks === checks);
    const allUpdates = results.every((r) => r.secondAllUpdates);
    const n = results.length;
    return {
      rows: [
        { figure: `first deploy of ${fmt.int(checks)} checks: CLI spawn → exit (median of ${n})`, value: fmt.ms(firstWall), target: '< 30 s', met: firstWall < 30_000 },
        { figure: '… of which the server: POST /v1/projects/deploy (median)', value: fmt.ms(median(results.map((r) => r.first.postMs))) },
        { figure: '… of which the CLI alone (median)', value: fmt.ms(median(results.map((r) => r.first.cliOwnMs))) },
        { figure: `GET /v1/checks after the first deploy: checks bound to the project, every run`, value: results.map((r) => r.boundChecks).join(', '), target: fmt.int(checks), met: allBound },
        { figure: `second deploy, nothing changed: CLI spawn → exit (median of ${n})`, value: fmt.ms(median(results.map((r) => r.second.cli.wallMs))) },
        { figure: '… of which the server: POST /v1/projects/deploy (median)', value: fmt.ms(median(results.map((r) => r.second.postMs))) },
        { figure: '… its printed diff: no Create, no Delete, every run', value: allUpdates ? 'yes' : 'NO', target: 'yes', met: allUpdates },
        { figure: '`checkly debug parse-project` alone, no server (median)', value: fmt.ms(median(results.map((r) => r.parseMs))) },
      ],
      tables: [
        {
          title: 'each run (fresh data folder)',
          header: ['run', 'parse-project', 'first: CLI', 'first: POST', 'first: CLI alone', 'bound / all checks', 'second: CLI', 'second: POST', 'second diff'],
          rows: results.map((r, i) => runCells(i, r)),
        },
        { title: 'calls the CLI made in the first deploy of run 1 (timed at the proxy)', header: ['call', 'count', 'status', 'total time'], rows: callTable(results[0].first) },
        { title: 'calls the CLI made in the second deploy of run 1', header: ['call', 'count', 'status', 'total time'], rows: callTable(results[0].second) },
      ],
      notes: [
        `project: ${shape.icmp} IcmpMonitor, ${shape.traceroute} TracerouteMonitor, ${shape.multiStep} MultiStepCheck, ${shape.groups} CheckGroupV2, ${shape.alertChannels} alert channels`,
        `machine (${cpuModel()}, ${cpus().length} cores) before the first server started: ${fmt.fixed(background, 2)} cores busy (other work on this shared machine); load average (1/5/15 min) ${loadBefore} before, ${loadavg().map((v) => v.toFixed(2)).join(' / ')} after`,
      ],
    };
  },
};
