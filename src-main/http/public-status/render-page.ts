import { type PublicDay, type PublicIncident, type PublicService, type PublicStatusPage, UPTIME_DAYS } from '../../services/status-pages';
import { duration, esc, layout, percent, time, zoneNote } from './html';
import { renderMaintenance } from './render-maintenance';

const stateClass = (state: string) => `state-${state.toLowerCase()}`;

function barClass(uptime: number | null): string {
  if (uptime === null) return 'bar-none';
  if (uptime >= 99.9) return 'bar-up';
  if (uptime >= 99) return 'bar-minor';
  if (uptime >= 95) return 'bar-partial';
  return 'bar-major';
}

/** "2026-05-01: 99.95% uptime, 1 incident" — the title and accessible name of one day's bar. */
export function dayLabel(day: PublicDay): string {
  const uptime = day.uptimePercent === null ? 'no data' : `${percent(day.uptimePercent)} uptime`;
  const incidents = day.incidents === 0 ? '' : `, ${day.incidents} incident${day.incidents === 1 ? '' : 's'}`;
  return `${day.date}: ${uptime}${incidents}`;
}

function renderService(service: PublicService): string {
  const bars = service.days.map((day) => {
    const label = esc(dayLabel(day));
    return `<li class="bar ${barClass(day.uptimePercent)}" title="${label}" aria-label="${label}"></li>`;
  });
  const total = service.uptimePercent === null ? 'No uptime data' : `${percent(service.uptimePercent)} uptime`;
  return [
    '<li class="service">',
    `<div class="service-head"><h3 class="service-name">${esc(service.name)}</h3><span class="state ${stateClass(service.state)}">${esc(service.stateLabel)}</span></div>`,
    `<ol class="bars" aria-label="${esc(`${service.name}: uptime per day over the last ${UPTIME_DAYS} days`)}">${bars.join('')}</ol>`,
    `<p class="bars-foot"><span>${UPTIME_DAYS} days ago</span><span>${esc(total)}</span><span>Today</span></p>`,
    '</li>',
  ].join('');
}

function renderIncident(incident: PublicIncident, past: boolean): string {
  const id = `incident-${esc(incident.id)}`;
  const facts = [
    past ? '' : esc(incident.statusLabel),
    incident.services.length > 0 ? `Affects ${esc(incident.services.join(', '))}` : '',
    past && incident.resolvedAt ? `Resolved ${time(incident.resolvedAt)} after ${esc(duration(incident.createdAt, incident.resolvedAt))}` : '',
  ].filter(Boolean);
  const updates = incident.updates
    .map(
      (update) =>
        `<li><p class="update-head"><strong>${esc(update.statusLabel)}</strong>${time(update.at)}</p><p class="update-text">${esc(update.description)}</p></li>`,
    )
    .join('');
  const timeline = `<ol class="timeline" aria-label="${esc(`Updates of ${incident.name}`)}">${updates}</ol>`;
  return [
    `<article class="panel incident ${stateClass(incident.impact)}" id="${id}" aria-labelledby="${id}-title">`,
    `<h3 id="${id}-title">${esc(incident.name)}</h3>`,
    `<p class="incident-meta"><span class="badge ${stateClass(incident.impact)}">${esc(incident.impactLabel)}</span> ${facts.join(' · ')}</p>`,
    past ? `<details><summary>${incident.updates.length} update${incident.updates.length === 1 ? '' : 's'}</summary>${timeline}</details>` : timeline,
    '</article>',
  ].join('');
}

/** The public page: server-rendered, its times rewritten in the reader's zone by the local-time script; every operator-typed text escaped. */
export function renderStatusPage(page: PublicStatusPage): string {
  const base = `/status/${encodeURIComponent(page.slug)}`;
  const title = page.redirectTo ? `<a href="${esc(page.redirectTo)}" rel="noopener">${esc(page.name)}</a>` : esc(page.name);
  const cards = page.cards
    .map((card, index) => {
      const services = card.services.length > 0 ? `<ul class="services">${card.services.map(renderService).join('')}</ul>` : '<p class="empty">No services on this card.</p>';
      return `<section class="panel" aria-labelledby="card-${index}"><h2 id="card-${index}">${esc(card.name)}</h2>${services}</section>`;
    })
    .join('');
  const open =
    page.openIncidents.length > 0
      ? `<section aria-labelledby="open-incidents"><h2 id="open-incidents">Open incidents</h2>${page.openIncidents.map((incident) => renderIncident(incident, false)).join('')}</section>`
      : '';
  const past =
    page.pastIncidents.length > 0
      ? page.pastIncidents.map((incident) => renderIncident(incident, true)).join('')
      : `<p class="empty">No incidents in the last ${UPTIME_DAYS} days.</p>`;
  const body = [
    `<header class="masthead"><h1>${title}</h1></header>`,
    '<main>',
    `<section class="overall ${stateClass(page.state)}" aria-label="Current status"><p>${esc(page.stateLabel)}</p></section>`,
    zoneNote(),
    open,
    renderMaintenance(page.maintenance),
    `<section aria-label="Services">${cards || '<p class="empty">This page shows no services yet.</p>'}</section>`,
    `<section aria-labelledby="past-incidents"><h2 id="past-incidents">Past incidents</h2>${past}</section>`,
    '<section class="panel subscribe" aria-labelledby="subscribe">',
    '<h2 id="subscribe">Get incident updates by email</h2>',
    `<form method="post" action="${base}/subscribe"><label for="subscribe-email">Email address</label>`,
    '<input id="subscribe-email" name="email" type="email" required maxlength="254" autocomplete="email" placeholder="you@example.com">',
    '<button type="submit">Subscribe</button></form>',
    `<p class="hint">We send a confirmation link first; every email has a one-click unsubscribe link. Or follow the <a href="${base}/feed.rss">RSS</a> or <a href="${base}/feed.atom">Atom</a> feed.</p>`,
    '</section>',
    '</main>',
    `<footer>Uptime days are UTC days; the figures come from the checks behind each service. Updated ${time(page.generatedAt)} · <a href="${base}/summary.json">JSON</a> · Powered by Sightline</footer>`,
  ].join('\n');
  const head = [
    `<link rel="alternate" type="application/rss+xml" title="${esc(page.name)} incidents (RSS)" href="${base}/feed.rss">`,
    `<link rel="alternate" type="application/atom+xml" title="${esc(page.name)} incidents (Atom)" href="${base}/feed.atom">`,
  ].join('\n');
  return layout({ title: `${page.name} status`, theme: page.theme, head, body, localTimes: true });
}
