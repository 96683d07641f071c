import { availableParallelism } from 'node:os';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * Files that need a process of their own: the CLI harness (test/cli/harness.ts) sets its files'
 * timeouts when it is imported, which a reused worker does once only. The harness refuses to load
 * outside this project, so a new file using it fails at once instead of timing out now and then.
 * Files that open a PostgreSQL database in the test process need one too (the dialect is chosen
 * per process: src-main/db/dialect.ts).
 */
const OWN_PROCESS = [
  'test/cli/**/*.test.ts',
  'test/notify/preset-evidence.test.ts',
  'test/cluster/outbox-claims-pg.test.ts',
  'test/cluster/outbox-budget-pg.test.ts',
  'test/cluster/agent-jobs-claims-pg.test.ts',
  'test/cluster/alerts-judging-pg.test.ts',
  'test/cluster/alerts-key-upgrade-pg.test.ts',
  'test/cluster/heartbeats-team-races-pg.test.ts',
  'test/cluster/pg-outage-in-transaction-pg.test.ts',
  'test/cluster/accounts-races-pg.test.ts',
  'test/cluster/resources-races-pg.test.ts',
  'test/cluster/pages-projects-races-pg.test.ts',
  'test/cluster/schedules-races-pg.test.ts',
];

/**
 * The files that run again on PostgreSQL (issue 35: the data layer's tests on both dialects): a
 * selection covering every repository file, kept to what CI's time allows (the slowest files that
 * add little for the data layer, such as the other check types' executors, run on SQLite only). More pass there (the
 * list in docs/DECISIONS.md, session 46); files that read or write the SQLite file directly, and
 * those driving the scheduler with manual timers, stay SQLite-only.
 */
const POSTGRES_FILES = [
  'test/db/unreadable-stored-rows.test.ts',
  'test/alerts/unreadable-event.test.ts',
  'test/alerts/escalation.test.ts',
  'test/checks/heartbeat.test.ts',
  'test/runs/session-batches.test.ts',
  'test/checks/api.test.ts',
  'test/checks/dependencies.test.ts',
  'test/checks/icmp-crud.test.ts',
  'test/checks/list-filters.test.ts',
  'test/checks/missing-operations.test.ts',
  'test/checks/multistep.test.ts',
  'test/checks/overview-display.test.ts',
  'test/checks/paging.test.ts',
  'test/checks/properties.test.ts',
  'test/checks/trpc.test.ts',
  'test/check-groups/crud.test.ts',
  'test/check-groups/alerts-and-api.test.ts',
  'test/check-groups/list.test.ts',
  'test/check-groups/validation.test.ts',
  'test/projects/deploy-rest.test.ts',
  'test/projects/project-imports.test.ts',
  'test/accounts/members.test.ts',
  'test/accounts/plan.test.ts',
  'test/accounts/roles.test.ts',
  'test/accounts/trpc.test.ts',
  'test/console-session/console-session.test.ts',
  'test/console-session/send-now.test.ts',
  'test/dashboard/summary.test.ts',
  'test/dashboard/muted-problems.test.ts',
  'test/http/nul-character.test.ts',
  'test/maintenance/rest.test.ts',
  'test/maintenance/status-page.test.ts',
  'test/rest/auth.test.ts',
  'test/status-pages/check-incidents.test.ts',
  'test/status-pages/incidents.test.ts',
  'test/status-pages/pages.test.ts',
  'test/status-pages/service-checks.test.ts',
  'test/status-pages/services.test.ts',
  'test/status-pages/progress.test.ts',
  'test/status-pages/trpc.test.ts',
  'test/runs/pipeline.test.ts',
  'test/alerts/pipeline.test.ts',
  'test/alerts/channels.test.ts',
  'test/alerts/outbox.test.ts',
  'test/alerts/incidents.test.ts',
  'test/alerts/catch-up.test.ts',
  'test/alerts/dependencies.test.ts',
  'test/alerts/channel-digest.test.ts',
  'test/alert-channels/crud.test.ts',
  'test/alert-channels/subscription-page.test.ts',
  'test/alert-channels/trpc.test.ts',
  'test/notify/webhook.test.ts',
  'test/notify/email.test.ts',
  'test/notify/held-down.test.ts',
  'test/notify/outbox-worker.test.ts',
  'test/agent/broker.test.ts',
  'test/agent/private-locations.test.ts',
  'test/trpc.test.ts',
];

/**
 * Files that spend minutes waiting on real periods (several `serve` processes, 10 s and 30 s periods):
 * started first, they wait beside the others instead of running alone at the end (CI time).
 */
const LONG_WAITS = ['test/cluster/team-mode.test.ts', 'test/cluster/heartbeats-team.test.ts'];

/** The long waiting files, then the own-process files (the long CLI files), so reused workers then run the rest back to back. */
class OwnProcessFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const long = (spec: TestSpecification) => LONG_WAITS.some((file) => spec.moduleId.endsWith(file));
    const own = (spec: TestSpecification) => spec.project.name === 'own-process';
    return [...sorted.filter(long), ...sorted.filter((spec) => !long(spec) && own(spec)), ...sorted.filter((spec) => !long(spec) && !own(spec))];
  }
}

export default defineConfig({
  test: {
    environment: 'node',
    // Servers the tests start ping no canary unless a test names one: test traffic stays on loopback.
    env: { SIGHTLINE_CANARIES: 'off' },
    pool: 'forks',
    // One test file per core (vitest's default leaves one core idle): most of a file's time is spent
    // waiting on the servers, probes and receivers it starts, so two files on two cores took 6.6 min, one 11.1.
    maxWorkers: availableParallelism(),
    testTimeout: 20_000,
    hookTimeout: 20_000,
    // Each file runs as before (its own servers, data folders and process.env, restored by the setup
    // file), but a worker runs the next file without loading the backend's ~500 modules again: that
    // load was about 1.6 s of CPU per file, a fifth of the suite (CI time, session 42).
    setupFiles: ['test/setup/per-file-env.ts'],
    sequence: { sequencer: OwnProcessFirst },
    projects: [
      {
        extends: true,
        test: { name: 'reused', include: ['test/**/*.test.ts'], exclude: ['e2e/**', 'node_modules/**', 'out/**', ...OWN_PROCESS], isolate: false },
      },
      {
        extends: true,
        test: { name: 'own-process', include: OWN_PROCESS, exclude: ['e2e/**', 'node_modules/**', 'out/**'], isolate: true, provide: { ownProcess: true } },
      },
      {
        // The data layer on PostgreSQL (issue 35): these files again, every server they start on a
        // database of its own in one throwaway cluster. A process of its own per file: the dialect
        // is chosen per process (src-main/db/dialect.ts).
        extends: true,
        test: {
          name: 'postgres',
          include: POSTGRES_FILES,
          isolate: true,
          testTimeout: 30_000,
          hookTimeout: 30_000,
          globalSetup: ['test/setup/postgres-project.ts'],
          setupFiles: ['test/setup/per-file-env.ts', 'test/setup/postgres-env.ts'],
        },
      },
    ],
  },
});
