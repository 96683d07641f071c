import Database from 'better-sqlite3';
import { createServer, type Server } from 'node:http';
import { apiExpect } from '../lib/api';
import { analyseRuns } from '../lib/analyse-runs';
import { removeTempDir } from '../lib/cleanup';
import { lanesTable, runNotes } from '../lib/figures';
import { runIcmpLoad } from '../lib/icmp-run';
import type { Scenario } from '../lib/scenario';
import { fmt } from '../lib/stats';

interface Receiver {
  url: string;
  webhooks: number;
  gets: number;
  lastWebhook: string;
  close(): Promise<void>;
}

/** The slow-but-healthy target (GET /ok) and the webhook receiver (POST /webhook), on 127.0.0.1. */
async function startReceiver(): Promise<Receiver> {
  const state = { webhooks: 0, gets: 0, lastWebhook: '' };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'GET' && req.url === '/ok') {
        state.gets++;
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      } else if (req.url?.startsWith('/webhook')) {
        state.webhooks++;
        state.lastWebhook = Buffer.concat(chunks).toString('utf8').slice(0, 500);
        res.writeHead(200).end('ok');
      } else res.writeHead(404).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    get webhooks() {
      return state.webhooks;
    },
    get gets() {
      return state.gets;
    },
    get lastWebhook() {
      return state.lastWebhook;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function slowScript(baseUrl: string, sleepS: number): string {
  return `import { test, expect } from '@playwright/test';
test('slow but healthy', async ({ request }) => {
  await test.step('wait ${sleepS} s', async () => {
    await new Promise((resolve) => setTimeout(resolve, ${sleepS * 1000}));
  });
  await test.step('GET /ok', async () => {
    const response = await request.get('${baseUrl}/ok');
    expect(response.status()).toBe(200);
  });
});`;
}

export const multistepSaturated: Scenario = {
  name: 'multistep-saturated',
  title: 'a saturated multi-step lane next to the ICMP lane',
  description: (o) =>
    `\`--lane-multistep 1\`; ${o.multistep.checks} MULTI_STEP checks at frequency 1 whose script sleeps ${o.multistep.sleepS} s and then GETs a local HTTP server ` +
    `(each run passes, but ${o.multistep.checks} × ${o.multistep.sleepS} s does not fit in one lane slot per minute), subscribed to a WEBHOOK channel pointing at ` +
    `the bench's receiver (sendFailure, sendDegraded, sendRecovery on); ${o.multistep.icmpMonitors} ICMP monitors at 1 minute beside them. ` +
    `${o.multistep.warmupS} s warm-up, ${o.multistep.measureS} s measured for ICMP; multi-step figures count the server's whole life. ` +
    `\`--drain-timeout ${o.multistep.sleepS + 60}\` so a run in flight at SIGTERM finishes instead of being stopped.`,
  async run(ctx) {
    const o = ctx.options.multistep;
    const receiver = await startReceiver();
    const multiStepIds: string[] = [];
    let channelId = 0;
    try {
      const result = await runIcmpLoad({
        label: 'multistep-saturated',
        monitors: o.icmpMonitors,
        pingCount: ctx.options.icmp.pingCount,
        warmupS: o.warmupS,
        measureS: o.measureS,
        extraArgs: ['--lane-multistep', '1', '--drain-timeout', String(o.sleepS + 60)],
        stopTimeoutMs: (o.sleepS + 120) * 1000,
        setUp: async (server) => {
          const channel = await apiExpect(
            server.apiUrl,
            'POST',
            '/v1/alert-channels',
            { type: 'WEBHOOK', config: { name: 'bench receiver', url: `${receiver.url}/webhook`, method: 'POST' }, sendFailure: true, sendDegraded: true, sendRecovery: true },
            201,
          );
          channelId = Number(channel.id);
          for (let i = 0; i < o.checks; i++) {
            const check = await apiExpect(
              server.apiUrl,
              'POST',
              '/v1/checks/multistep',
              {
                name: `slow but healthy ${i}`,
                frequency: 1,
                activated: true,
                script: slowScript(receiver.url, o.sleepS),
                // A multi-step run stops at maxResponseTime (30 s without it); these sleep on purpose.
                maxResponseTime: Math.min(120_000, (o.sleepS + 30) * 1000),
                alertChannelSubscriptions: [{ alertChannelId: channelId, activated: true }],
              },
              201,
            );
            multiStepIds.push(String(check.id));
          }
          process.stdout.write(`  [multistep-saturated] channel ${channelId} → ${receiver.url}/webhook; ${multiStepIds.length} multi-step checks\n`);
        },
      });
      const ms = analyseRuns(result.dbFile, { window: result.window, checkType: 'MULTI_STEP' });
      const db = new Database(result.dbFile, { readonly: true, fileMustExist: true });
      const marks = multiStepIds.map(() => '?').join(',') || "''";
      const alertRows = (db.prepare(`select count(*) as n from check_alerts where check_id in (${marks})`).get(...multiStepIds) as { n: number }).n;
      const notificationRows = (db.prepare(`select count(*) as n from alert_notifications where check_id in (${marks})`).get(...multiStepIds) as { n: number }).n;
      db.close();
      removeTempDir(result.dataDir);
      const icmp = result.runs;
      const health = result.health.last;
      return {
        rows: [
          { figure: 'ICMP runs on time', value: `${fmt.pct(icmp.onTimeRatio)} (${icmp.onTime} of ${icmp.expected})`, target: '≥ 99.9 %', met: icmp.onTimeRatio >= 0.999 },
          { figure: 'ICMP lag p99', value: fmt.ms(icmp.lagP99Ms), target: '≤ 1 s', met: icmp.lagP99Ms <= 1000 },
          { figure: 'ICMP skipped / missing / failing', value: `${icmp.skipped} / ${icmp.missing} / ${icmp.failing}` },
          { figure: 'multi-step FINAL results failing (whole run)', value: fmt.int(ms.whole.failing), target: '0', met: ms.whole.failing === 0 },
          { figure: 'multi-step runs skipped (whole run)', value: fmt.int(ms.whole.skipped), target: '> 0 (the lane is saturated)', met: ms.whole.skipped > 0 },
          { figure: 'multi-step runs passed / degraded / cancelled, not skipped (whole run)', value: `${ms.whole.passed} / ${ms.whole.degraded} / ${ms.whole.cancelled}` },
          { figure: 'check_alerts rows for the multi-step checks', value: fmt.int(alertRows), target: '0', met: alertRows === 0 },
          { figure: 'alert_notifications rows for them / webhooks received', value: `${notificationRows} / ${receiver.webhooks}`, target: '0 / 0', met: notificationRows === 0 && receiver.webhooks === 0 },
          {
            figure: '/health status at the end of the window',
            value: health.available ? `${health.status}: ${health.message ?? ''}` : `n/a (${health.raw.slice(0, 120)})`,
            target: 'saturated, with the fix',
            met: health.available ? health.status === 'saturated' && Boolean(health.message) : null,
          },
        ],
        tables: [lanesTable('/health at the end of the window', health, result.health)],
        notes: [
          `local target GETs served: ${receiver.gets}${receiver.webhooks ? `; last webhook: ${receiver.lastWebhook}` : ''}`,
          `multi-step sessions of the window: ${ms.expected} planned slots, ${ms.started} started, ${ms.skipped} skipped, ${ms.missing} missing, ${ms.unfinished} unfinished at stop`,
          ...runNotes(result),
        ],
      };
    } finally {
      await receiver.close();
    }
  },
};
