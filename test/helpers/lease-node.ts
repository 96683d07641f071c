import { PgClusterLease } from '../../src-main/db/cluster/lease-pg';

/*
 * A test-only cluster node (test/cluster/leader-lease-pg.test.ts): the real lease module against the
 * test's PostgreSQL, printing one JSON line per role change, and a "work" line every 100 ms while it
 * leads — the stand-in for starting a run, stamped with the database time at the latest (an upper
 * bound from its last beat), so the test can prove no work happened after the next leader took over.
 */
const url = process.env.LEASE_DATABASE_URL;
const nodeId = process.env.LEASE_NODE_ID;
const failoverDelayMs = Number(process.env.LEASE_FAILOVER_DELAY_MS);
if (!url || !nodeId || !Number.isFinite(failoverDelayMs)) throw new Error('LEASE_DATABASE_URL, LEASE_NODE_ID and LEASE_FAILOVER_DELAY_MS are required');

const print = (line: object) => process.stdout.write(`${JSON.stringify({ ...line, wallMs: Date.now() })}\n`);
const lease = new PgClusterLease({ connectionString: url, nodeId, failoverDelayMs, version: 'test' });
lease.on('leader', ({ term }) => print({ event: 'leader', term, acquiredAtDbMs: lease.lastAcquired?.acquiredAtMs ?? null }));
lease.on('standby', ({ reason, lostTerm, ledUntilDbMs }) => print({ event: 'standby', lostTerm, ledUntilDbMs, reason }));
setInterval(() => {
  if (lease.isLeader()) print({ event: 'work', term: lease.term, dbUpperMs: lease.databaseTimeUpperBoundMs() });
}, 100);
// What /health would show of the cluster, twice a second.
setInterval(() => print({ event: 'view', ...lease.view() }), 500);
lease.start();
print({ event: 'started', nodeId });
process.on('SIGTERM', () => {
  void lease.stop().then(() => {
    print({ event: 'stopped' });
    process.exit(0);
  });
});
