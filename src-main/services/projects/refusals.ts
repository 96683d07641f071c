import { randomUUID } from 'node:crypto';
import { transaction, type Db } from '../../db/connection';
import { insertDeployment, pruneRefusedDeployments } from '../../db/repositories/deployments';
import { claimProject, lockProjectByLogicalId, type ProjectRow } from '../../db/repositories/projects';
import { lockAccount } from '../../db/row-locks';
import { DeployProject } from '../../../src-shared/schemas/project';
import type { ServiceContext } from '../context';
import { deployerName } from './deployer';

/** Refused deployments kept per project, newest first (a client retrying in a loop must not grow the history without end). */
export const KEPT_REFUSALS = 50;
/** The longest message kept: a refusal listing every bad construct of a large project is cut here. */
const MAX_MESSAGE = 4_000;

export interface ProjectNamed {
  logicalId: string;
  /** null when only the logical id could be read (the body was too large, or never read). */
  name: string | null;
  repoUrl: string | null;
}

/** The project a deploy body names, when it names one that could be deployed (any other body was refused before naming one). */
export function projectNamedIn(body: unknown): ProjectNamed | null {
  const project = (body as { project?: unknown } | null | undefined)?.project;
  const parsed = DeployProject.safeParse(project);
  if (parsed.success) return { logicalId: parsed.data.logicalId, name: parsed.data.name, repoUrl: parsed.data.repoUrl ?? null };
  const logicalId = DeployProject.shape.logicalId.safeParse((project as { logicalId?: unknown } | undefined)?.logicalId);
  return logicalId.success ? { logicalId: logicalId.data, name: null, repoUrl: null } : null;
}

/**
 * The project named by the start of a deploy body that was not parsed whole (too large, or refused
 * before it was read): the CLI writes `{"project":{"logicalId":…,"name":…,"repoUrl":…}` first.
 */
export function projectNamedInHead(head: string): ProjectNamed | null {
  const match = /^\s*\{\s*"project"\s*:\s*(\{[^{}]*\})/.exec(head);
  if (!match) return null;
  try {
    return projectNamedIn({ project: JSON.parse(match[1]) });
  } catch {
    return null;
  }
}

export interface Refusal {
  operation: 'deploy' | 'destroy';
  project: ProjectNamed;
  dryRun: boolean;
  /** The status the client got: 4xx refused; 5xx is recorded as FAILED (Sightline's own failure). */
  httpStatus: number;
  /** The message the client got. */
  message: string;
  /** The member whose key made the request (null: the desktop app's own token). */
  memberId: string | null;
}

/** The locked project a refusal is recorded on: a refused deploy's project is created if new, a destroy's never. */
async function refusedProject(tx: Db, accountId: string, refusal: Refusal, now: string): Promise<ProjectRow | undefined> {
  const { logicalId, name, repoUrl } = refusal.project;
  if (refusal.operation === 'destroy') return await lockProjectByLogicalId(tx, accountId, logicalId);
  return (await claimProject(tx, { id: randomUUID(), accountId, logicalId, name: name ?? logicalId, repoUrl, createdAt: now, updatedAt: null })).project;
}

/**
 * Records a deploy or destroy that was answered with an error, in the project's history, with the
 * message the client got. Nothing the deploy carried is applied; a deploy refused before its project
 * ever deployed creates the project (empty), so the refusal has a page to be shown on. A destroy of
 * a project that does not exist records nothing.
 */
export async function recordRefusal(ctx: ServiceContext, refusal: Refusal): Promise<void> {
  const now = ctx.clock.now().toISOString();
  await transaction(ctx.db, async (tx) => {
    // As a deploy's commit takes them (account, then project): the prune below counts the project's history.
    await lockAccount(tx, ctx.accountId);
    const project = await refusedProject(tx, ctx.accountId, refusal, now);
    if (!project) return;
    const message = refusal.message.length > MAX_MESSAGE ? `${refusal.message.slice(0, MAX_MESSAGE)}…` : refusal.message;
    await insertDeployment(tx, {
      id: randomUUID(),
      accountId: ctx.accountId,
      projectId: project.id,
      status: refusal.httpStatus >= 500 ? 'FAILED' : 'REFUSED',
      operation: refusal.operation,
      dryRun: refusal.dryRun,
      httpStatus: refusal.httpStatus,
      scheduleOnDeploy: false,
      preserveResources: false,
      diff: [],
      error: message,
      createdBy: await deployerName(ctx, refusal.memberId),
      createdAt: now,
      finishedAt: now,
    });
    await pruneRefusedDeployments(tx, project.id, KEPT_REFUSALS);
  });
}
