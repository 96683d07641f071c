import { opensIncident, resolvesIncident, type RunAlertType } from '../../../src-shared/rules/alerting';
import type { ServiceDeps } from '../context';
import { openIncidentForCheck, resolveIncidentForCheck } from '../status-pages';
import type { AlertingCheck } from './effective';

/**
 * A check with triggerIncident opens a status-page incident when its failure alert is raised and
 * resolves it on recovery (one open incident per check, kept by the status-page service). Called inside
 * the alert's transaction: the status-page service's own transaction becomes a savepoint, so a failing
 * incident write (e.g. the service was deleted) rolls back only itself and is logged; the alert stands.
 */
export async function followIncident(deps: ServiceDeps, check: AlertingCheck, alert: RunAlertType): Promise<void> {
  const ctx = { ...deps, accountId: check.accountId };
  try {
    if (check.triggerIncident && opensIncident(alert)) {
      const { serviceId, name, description, severity, notifySubscribers } = check.triggerIncident;
      await openIncidentForCheck(ctx, { checkId: check.checkId, serviceId, name, description, severity, notifySubscribers });
    } else if (resolvesIncident(alert)) {
      // Resolve even if triggerIncident was removed meanwhile: the incident it opened must not stay open.
      // The text is public (status pages, subscriber mail): it names no check.
      await resolveIncidentForCheck(ctx, check.checkId, 'Resolved: monitoring shows the service working again.');
    }
  } catch (error) {
    deps.logger.warn({ err: error, checkId: check.checkId, alert }, 'could not update the incident of a check');
  }
}
