import type { PublicIncident, PublicStatusPage, PublicUpdate } from '../../services/status-pages';

/** The most entries a feed holds, newest first. */
export const FEED_ENTRIES = 100;

/** XML 1.0 allows no control characters besides tab, line feed and carriage return, and no lone surrogates. */
function xmlChars(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    const allowed = code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code <= 0xd7ff) || (code >= 0xe000 && code <= 0xfffd) || code >= 0x10000;
    if (allowed) out += char;
  }
  return out;
}

function xml(text: string): string {
  return xmlChars(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

interface Entry {
  incident: PublicIncident;
  update: PublicUpdate;
}

/** Every update of the page's incidents (open and recent), newest first. */
function entries(page: PublicStatusPage): Entry[] {
  return [...page.openIncidents, ...page.pastIncidents]
    .flatMap((incident) => incident.updates.map((update) => ({ incident, update })))
    .sort((a, b) => Date.parse(b.update.at) - Date.parse(a.update.at))
    .slice(0, FEED_ENTRIES);
}

const entryTitle = ({ incident, update }: Entry) => `${incident.name}: ${update.statusLabel}`;
const entryLink = (page: PublicStatusPage, { incident }: Entry) => `${page.pageUrl}#incident-${incident.id}`;
const rfc822 = (iso: string) => new Date(iso).toUTCString();
const iso = (value: string) => new Date(value).toISOString();

export function renderRss(page: PublicStatusPage): string {
  const list = entries(page);
  const items = list.map(
    (entry) =>
      `<item><title>${xml(entryTitle(entry))}</title><link>${xml(entryLink(page, entry))}</link><guid isPermaLink="false">urn:uuid:${xml(entry.update.id)}</guid>` +
      `<pubDate>${rfc822(entry.update.at)}</pubDate><category>${xml(entry.incident.impactLabel)}</category><description>${xml(entry.update.description)}</description></item>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel>',
    `<title>${xml(`${page.name} status`)}</title>`,
    `<link>${xml(page.pageUrl)}</link>`,
    `<description>${xml(`Incidents and their updates on the ${page.name} status page`)}</description>`,
    `<atom:link href="${xml(`${page.pageUrl}/feed.rss`)}" rel="self" type="application/rss+xml"/>`,
    `<lastBuildDate>${rfc822(list[0]?.update.at ?? page.generatedAt)}</lastBuildDate>`,
    ...items,
    '</channel></rss>',
  ].join('\n');
}

export function renderAtom(page: PublicStatusPage): string {
  const list = entries(page);
  const items = list.map(
    (entry) =>
      `<entry><title>${xml(entryTitle(entry))}</title><id>urn:uuid:${xml(entry.update.id)}</id><link rel="alternate" type="text/html" href="${xml(entryLink(page, entry))}"/>` +
      `<published>${iso(entry.update.at)}</published><updated>${iso(entry.update.at)}</updated><category term="${xml(entry.incident.impactLabel)}"/>` +
      `<content type="text">${xml(entry.update.description)}</content></entry>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<title>${xml(`${page.name} status`)}</title>`,
    `<id>${xml(page.pageUrl)}</id>`,
    `<link rel="alternate" type="text/html" href="${xml(page.pageUrl)}"/>`,
    `<link rel="self" type="application/atom+xml" href="${xml(`${page.pageUrl}/feed.atom`)}"/>`,
    `<updated>${iso(list[0]?.update.at ?? page.generatedAt)}</updated>`,
    `<author><name>${xml(page.name)}</name></author>`,
    ...items,
    '</feed>',
  ].join('\n');
}
