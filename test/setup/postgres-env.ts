import { inject } from 'vitest';

// The postgres project's files: every server test/helpers/server.ts starts gets a database of its
// own in the project's cluster (test/helpers/team-database.ts). Restored after the file by per-file-env.ts.
process.env.SIGHTLINE_TEST_PG_URL = inject('sightlinePgUrl');
