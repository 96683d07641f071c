import { AppError } from '../../core/errors';
import type { DeployResource } from '../../../src-shared/schemas/project';
import { KIND_BY_TYPE } from './resource-kinds';

/**
 * What one deploy may carry. Checks are validated in slices outside any transaction, but the deploy
 * stays one transaction, and its commit writes every check and binding: the check cap keeps that
 * commit short (measured in docs/DECISIONS.md, "Issue 29: deploys"). The other resources go one by
 * one through their entity's verbs inside the commit, so they have a cap of their own.
 */
export const MAX_DEPLOY_CHECKS = 5_000;
export const MAX_DEPLOY_OTHER_RESOURCES = 250;
export const MAX_DEPLOY_RESOURCES = 10_000;

function refuse(message: string): never {
  throw new AppError('validation', `${message}; nothing was deployed. Split the project into several projects.`);
}

/** A deploy over a cap is refused whole (400 naming the cap) before anything is read or written. */
export function refuseOversizedDeploy(resources: readonly unknown[]): void {
  if (resources.length > MAX_DEPLOY_RESOURCES) refuse(`resources: a deploy carries at most ${MAX_DEPLOY_RESOURCES} constructs and this one has ${resources.length}`);
}

/** The caps by kind, once the constructs are parsed. */
export function refuseOversizedKinds(resources: readonly DeployResource[]): void {
  const checks = resources.filter((r) => r.type === 'check' && r.member).length;
  if (checks > MAX_DEPLOY_CHECKS) refuse(`resources: a deploy carries at most ${MAX_DEPLOY_CHECKS} checks and this one has ${checks}`);
  const others = resources.filter((r) => KIND_BY_TYPE.has(r.type) && (r.type !== 'check' || !r.member)).length;
  if (others > MAX_DEPLOY_OTHER_RESOURCES) {
    refuse(
      `resources: a deploy carries at most ${MAX_DEPLOY_OTHER_RESOURCES} groups, alert channels, status pages and their services, maintenance windows, private locations and references to existing checks together, and this one has ${others}`,
    );
  }
}
