import { AppError } from '../../core/errors';
import { findAlertState } from '../../db/repositories/alerts';
import { activeDependentsOf } from '../../db/repositories/dependencies';
import { HELD_DOWN_NAMES_SHOWN, suppressedText } from '../../../src-shared/rules/dependencies';
import type { ServiceContext } from '../context';
import { activeDependencies, effectiveDependenciesOf, isFailing, type StateWithHold } from './dependencies';

export interface DependencyStatusView {
  /** The effective dependencies that count (own and the group's), and whether each fails now. */
  dependsOn: { checkId: string; name: string; failing: boolean }[];
  /** Set while this check fails and a failing dependency holds its alert down. */
  suppressed: { checkId: string; name: string; text: string } | null;
  /** Set while an alert of this check waits for a dependency's verdict (epoch ms it started waiting). */
  heldSince: number | null;
  /** The dependents this check holds down while it fails. */
  dependents: { count: number; names: string[] };
}

/** For the monitor page: how dependencies shape this check's alerting right now. */
export async function dependencyStatusOf(ctx: ServiceContext, checkId: string): Promise<DependencyStatusView> {
  const ids = await effectiveDependenciesOf(ctx.db, ctx.accountId, checkId);
  if (ids === null) throw AppError.notFound();
  const now = ctx.clock.now().getTime();
  const dependsOn = (await activeDependencies(ctx.db, ctx.accountId, ids)).map((s) => ({ checkId: s.id, name: s.name, failing: isFailing(s, now) }));
  const state = (await findAlertState(ctx.db, checkId))?.state as StateWithHold | undefined;
  const failingDependency = dependsOn.find((d) => d.failing);
  const heldDown = state !== undefined && state.failedRuns > 0 && state.alerted === 'NONE' && failingDependency !== undefined;
  const dependents = await activeDependentsOf(ctx.db, ctx.accountId, checkId);
  return {
    dependsOn,
    suppressed: heldDown && failingDependency ? { checkId: failingDependency.checkId, name: failingDependency.name, text: suppressedText(failingDependency.name) } : null,
    heldSince: state?.held?.since ?? null,
    dependents: { count: dependents.length, names: dependents.slice(0, HELD_DOWN_NAMES_SHOWN).map((d) => d.name) },
  };
}
