import type { Db } from '../../db/connection';
import { incidentsOnStatusPage, servicesOfIncidents, updatesOfIncidents, type IncidentRow } from '../../db/repositories/incidents';
import { checksOfServices, type LinkedCheck } from '../../db/repositories/status-page-service-checks';
import { DAY_MS } from '../../db/repositories/status-page-uptime';
import { cardsOfStatusPages, findStatusPageBySlug, type StatusPageRow } from '../../db/repositories/status-pages';
import type { IncidentProgress, IncidentSeverity } from '../../../src-shared/schemas/status-page';
import type { StatusPageTheme } from '../../../src-shared/schemas/status-page-resource';
import {
  INCIDENT_PROGRESS_LABELS,
  PAGE_STATE_LABELS,
  SERVICE_STATE_LABELS,
  SEVERITY_STATES,
  stateOfChecks,
  worstState,
  type ServiceState,
} from '../../../src-shared/rules/service-state';
import type { ServiceDeps } from '../context';
import { classifyRun } from '../retention';
import { accountDelivery } from '../settings';
import { publicMaintenance, type PublicMaintenance } from './public-maintenance';
import { addVerdicts, dailyVerdicts, dayDate, UPTIME_DAYS, uptimePercent, uptimeWindow, type Verdicts } from './public-uptime';

/** The most incidents (open and resolved in the window) a public page lists. */
export const PUBLIC_INCIDENT_LIMIT = 100;

export interface PublicDay {
  date: string;
  uptimePercent: number | null;
  /** Incidents naming the service that were open at some time that day. */
  incidents: number;
}

export interface PublicService {
  name: string;
  state: ServiceState;
  stateLabel: string;
  /** Over the whole window; null without any verdict (no linked check, or none ran). */
  uptimePercent: number | null;
  days: PublicDay[];
}

export interface PublicCard {
  name: string;
  services: PublicService[];
}

export interface PublicUpdate {
  id: string;
  status: IncidentProgress;
  statusLabel: string;
  description: string;
  /** ISO 8601: the update's public date. */
  at: string;
}

export interface PublicIncident {
  id: string;
  name: string;
  severity: IncidentSeverity;
  impact: ServiceState;
  impactLabel: string;
  status: IncidentProgress;
  statusLabel: string;
  /** Names of the services on this page it affects (others it names stay private). */
  services: string[];
  createdAt: string;
  resolvedAt: string | null;
  /** Newest first. */
  updates: PublicUpdate[];
}

/**
 * Everything a public page shows, and nothing else: names and texts operators wrote for the public,
 * states and uptime figures. No check, target or result detail reaches it.
 */
export interface PublicStatusPage {
  slug: string;
  name: string;
  theme: StatusPageTheme;
  redirectTo: string | null;
  /** The page's absolute address, under the account's public base URL. */
  pageUrl: string;
  generatedAt: string;
  state: ServiceState;
  stateLabel: string;
  cards: PublicCard[];
  openIncidents: PublicIncident[];
  /** Resolved in the window, newest first. */
  pastIncidents: PublicIncident[];
  /** Open now or starting within the lookahead, earliest first. */
  maintenance: PublicMaintenance[];
}

/** A published page that is not private; null is a 404 for the visitor, whatever the reason. */
export async function findPublicStatusPage(db: Db, slug: string): Promise<StatusPageRow | null> {
  const row = await findStatusPageBySlug(db, slug);
  return row && row.published && !row.isPrivate ? row : null;
}

export async function publicPageUrl(deps: Pick<ServiceDeps, 'db' | 'keyring' | 'runtime'>, accountId: string, slug: string): Promise<string> {
  const base = (await accountDelivery(deps.db, deps.keyring, accountId, deps.runtime.baseUrl)).settings.publicBaseUrl.replace(/\/+$/, '');
  return `${base}/status/${encodeURIComponent(slug)}`;
}

function checkVerdict(check: LinkedCheck): 'passed' | 'degraded' | 'failed' | null {
  if (!check.activated || check.latestFlags === null) return null;
  const kind = classifyRun(check.latestFlags);
  return kind === 'passed' || kind === 'degraded' || kind === 'failed' ? kind : null;
}

function toPublicIncident(row: IncidentRow, serviceNames: string[], updates: PublicUpdate[]): PublicIncident {
  const severity = row.severity as IncidentSeverity;
  const status = row.lastUpdateStatus as IncidentProgress;
  return {
    id: row.id,
    name: row.name,
    severity,
    impact: SEVERITY_STATES[severity],
    impactLabel: SERVICE_STATE_LABELS[SEVERITY_STATES[severity]],
    status,
    statusLabel: INCIDENT_PROGRESS_LABELS[status],
    services: serviceNames,
    createdAt: row.createdAt,
    resolvedAt: row.resolvedAt,
    updates,
  };
}

/** The public view of the page at `slug`, or null when there is none to show (unknown, unpublished, private). */
export async function loadPublicStatusPage(deps: Pick<ServiceDeps, 'db' | 'keyring' | 'runtime' | 'clock'>, slug: string): Promise<PublicStatusPage | null> {
  const { db } = deps;
  const page = await findPublicStatusPage(db, slug);
  if (!page) return null;
  const now = deps.clock.now();
  const window = uptimeWindow(now.getTime());
  const windowStart = new Date(window.firstDay * DAY_MS).toISOString();

  const cards = (await cardsOfStatusPages(db, [page.id])).get(page.id) ?? [];
  const serviceIds = [...new Set(cards.flatMap((card) => card.services.map((service) => service.id)))];
  const onPage = new Set(serviceIds);

  const incidentRows = await incidentsOnStatusPage(db, page.id, windowStart, PUBLIC_INCIDENT_LIMIT);
  const incidentIds = incidentRows.map((row) => row.id);
  const incidentServices = await servicesOfIncidents(db, incidentIds);
  const incidentUpdates = await updatesOfIncidents(db, incidentIds);
  const incidents = incidentRows.map((row) =>
    toPublicIncident(
      row,
      (incidentServices.get(row.id) ?? []).filter((service) => onPage.has(service.id)).map((service) => service.name),
      (incidentUpdates.get(row.id) ?? []).map((update) => ({
        id: update.id,
        status: update.status as IncidentProgress,
        statusLabel: INCIDENT_PROGRESS_LABELS[update.status as IncidentProgress],
        description: update.description,
        at: update.publicIncidentUpdateDate,
      })),
    ),
  );

  const linked = await checksOfServices(db, serviceIds);
  const checkNums = [...new Set(linked.map((check) => check.checkNum).filter((n): n is number => n !== null))];
  const verdicts = await dailyVerdicts(db, checkNums, window);

  const services = new Map<string, PublicService>();
  for (const serviceId of serviceIds) {
    const name = cards.flatMap((card) => card.services).find((service) => service.id === serviceId)?.name ?? '';
    const checks = linked.filter((check) => check.serviceId === serviceId);
    const days: Verdicts[] = Array.from({ length: UPTIME_DAYS }, () => ({ passed: 0, degraded: 0, failed: 0 }));
    for (const check of checks) {
      const perDay = check.checkNum === null ? undefined : verdicts.get(check.checkNum);
      perDay?.forEach((v, i) => addVerdicts(days[i], v));
    }
    const total: Verdicts = { passed: 0, degraded: 0, failed: 0 };
    days.forEach((v) => addVerdicts(total, v));

    const affecting = incidentRows.filter((row) => (incidentServices.get(row.id) ?? []).some((service) => service.id === serviceId));
    const openStates = affecting.filter((row) => row.lastUpdateStatus !== 'RESOLVED').map((row) => SEVERITY_STATES[row.severity as IncidentSeverity]);
    const checkVerdicts = checks.map(checkVerdict).filter((v): v is 'passed' | 'degraded' | 'failed' => v !== null);
    const state = worstState([...openStates, stateOfChecks(checkVerdicts)]);

    services.set(serviceId, {
      name,
      state,
      stateLabel: SERVICE_STATE_LABELS[state],
      uptimePercent: uptimePercent(total),
      days: days.map((v, i) => {
        const start = (window.firstDay + i) * DAY_MS;
        const end = start + DAY_MS;
        const open = affecting.filter((row) => Date.parse(row.createdAt) < end && (row.resolvedAt === null || Date.parse(row.resolvedAt) >= start)).length;
        return { date: dayDate(window.firstDay + i), uptimePercent: uptimePercent(v), incidents: open };
      }),
    });
  }

  const state = worstState([...services.values()].map((service) => service.state));
  return {
    slug: page.url,
    name: page.name,
    theme: page.defaultTheme as StatusPageTheme,
    redirectTo: page.redirectTo,
    pageUrl: await publicPageUrl(deps, page.accountId, page.url),
    generatedAt: now.toISOString(),
    state,
    stateLabel: PAGE_STATE_LABELS[state],
    cards: cards.map(({ card, services: cardServices }) => ({
      name: card.name,
      services: cardServices.map((service) => services.get(service.id)).filter((service): service is PublicService => service !== undefined),
    })),
    openIncidents: incidents.filter((incident) => incident.status !== 'RESOLVED'),
    pastIncidents: incidents.filter((incident) => incident.status === 'RESOLVED'),
    maintenance: await publicMaintenance(deps, page.accountId, linked, new Map([...services].map(([id, service]) => [id, service.name])), now.getTime()),
  };
}

export interface PublicPageHeading {
  slug: string;
  name: string;
  theme: StatusPageTheme;
}

/** Name and theme of a page visitors may see (for the small pages around subscribing); null otherwise. */
export async function publicPageHeading(deps: Pick<ServiceDeps, 'db'>, slug: string): Promise<PublicPageHeading | null> {
  const page = await findPublicStatusPage(deps.db, slug);
  return page ? { slug: page.url, name: page.name, theme: page.defaultTheme as StatusPageTheme } : null;
}
