import type { PublicIncident, PublicStatusPage } from '../../services/status-pages';

const round = (value: number | null) => (value === null ? null : Math.round(value * 10_000) / 10_000);

function incidentJson(page: PublicStatusPage, incident: PublicIncident) {
  return {
    id: incident.id,
    name: incident.name,
    severity: incident.severity,
    impact: incident.impact,
    impactDescription: incident.impactLabel,
    status: incident.status,
    services: incident.services,
    createdAt: incident.createdAt,
    resolvedAt: incident.resolvedAt,
    url: `${page.pageUrl}#incident-${incident.id}`,
    updates: incident.updates.map((update) => ({ id: update.id, status: update.status, description: update.description, at: update.at })),
  };
}

/** /status/<url>/summary.json: what the page shows, as data (uptime days oldest first). */
export function summaryJson(page: PublicStatusPage) {
  return {
    page: { name: page.name, slug: page.slug, url: page.pageUrl, generatedAt: page.generatedAt },
    status: { state: page.state, description: page.stateLabel },
    cards: page.cards.map((card) => ({
      name: card.name,
      services: card.services.map((service) => ({
        name: service.name,
        state: service.state,
        description: service.stateLabel,
        uptimePercent: round(service.uptimePercent),
        days: service.days.map((day) => ({ date: day.date, uptimePercent: round(day.uptimePercent), incidents: day.incidents })),
      })),
    })),
    incidents: {
      open: page.openIncidents.map((incident) => incidentJson(page, incident)),
      past: page.pastIncidents.map((incident) => incidentJson(page, incident)),
    },
    maintenance: {
      current: page.maintenance.filter((m) => m.current).map(({ current: _current, ...m }) => m),
      upcoming: page.maintenance.filter((m) => !m.current).map(({ current: _current, ...m }) => m),
    },
  };
}
