import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';

// SQL, not `POST /v1/projects/deploy`: the tests need a project's history as several deploys left it
// (deployments at chosen past times by named keys, DETACHED/DELETE diffs, pending bindings to resources
// deleted meanwhile), which deploys made now cannot produce.

export interface SeedResource {
  /** The CLI's resource type: check, check-group, alert-channel, status-page, … */
  type: string;
  /** The resource's id (a check's uuid, a group's integer id). */
  physicalId: string | number;
  logicalId: string;
  /** true: the project owns it; false: it references one owned elsewhere. Default true. */
  member?: boolean;
  pending?: boolean;
  sourceFile?: string | null;
}

export interface SeedDeployment {
  status?: string;
  createdBy?: string | null;
  /** ISO time; default now. */
  createdAt?: string;
  finishedAt?: string | null;
  diff: { type: string; logicalId: string; physicalId?: string | number | null; action: string }[];
}

export interface SeedProject {
  projectLogicalId: string;
  name: string;
  repoUrl?: string | null;
  resources: SeedResource[];
  deployments?: SeedDeployment[];
}

/** Stores a project as a deploy would leave it, in the data folder's database (the server may be running); returns its id. */
export function seedProject(dataDir: string, project: SeedProject): string {
  const db = new Database(join(dataDir, 'sightline.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const account = db.prepare('select id from accounts order by created_at limit 1').get() as { id: string };
    const now = new Date().toISOString();
    const projectId = randomUUID();
    db.transaction(() => {
      db.prepare('insert into projects (id, account_id, logical_id, name, repo_url, created_at) values (?, ?, ?, ?, ?, ?)').run(
        projectId,
        account.id,
        project.projectLogicalId,
        project.name,
        project.repoUrl ?? null,
        now,
      );
      const bind = db.prepare(`insert into project_bindings (account_id, project_id, resource_type, resource_id, logical_id, member, pending, source_file, created_at)
        values (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
      for (const r of project.resources) {
        bind.run(account.id, projectId, r.type, String(r.physicalId), r.logicalId, r.member === false ? 0 : 1, r.pending ? 1 : 0, r.sourceFile ?? null, now);
      }
      const deploy = db.prepare(`insert into deployments (id, account_id, project_id, status, schedule_on_deploy, preserve_resources, diff, created_by, created_at, finished_at)
        values (?, ?, ?, ?, 1, 0, ?, ?, ?, ?)`);
      for (const d of project.deployments ?? []) {
        const at = d.createdAt ?? now;
        deploy.run(randomUUID(), account.id, projectId, d.status ?? 'SUCCEEDED', JSON.stringify(d.diff), d.createdBy ?? null, at, d.finishedAt === undefined ? at : d.finishedAt);
      }
    })();
    return projectId;
  } finally {
    db.close();
  }
}

/** How many deployments of each status a project has stored (all of them, not only those a page lists). */
export function countDeployments(dataDir: string, projectLogicalId: string): Record<string, number> {
  const db = new Database(join(dataDir, 'sightline.db'), { readonly: true });
  try {
    db.pragma('busy_timeout = 5000');
    const rows = db
      .prepare('select d.status as status, count(*) as n from deployments d join projects p on p.id = d.project_id where p.logical_id = ? group by d.status')
      .all(projectLogicalId) as { status: string; n: number }[];
    return Object.fromEntries(rows.map((row) => [row.status, row.n]));
  } finally {
    db.close();
  }
}
