import { seedProject as seedIntoDataDir, type SeedProject } from '../../test/helpers/seed-project';
import type { SightlineServer } from '../fixtures/server';

export type { SeedProject } from '../../test/helpers/seed-project';

/**
 * Stores a deployed project in a running test server's database: the deploy API is on another
 * branch (issue 22, item 2), so the console's specs seed its outcome through the one SQL helper.
 */
export function seedProject(server: SightlineServer, project: SeedProject): string {
  return seedIntoDataDir(server.dataDir, project);
}
