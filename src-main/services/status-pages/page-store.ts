import { randomUUID } from 'node:crypto';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/connection';
import { findStatusPageServices } from '../../db/repositories/status-page-services';
import {
  cardsOfStatusPages,
  findStatusPage,
  isStatusPageUrlTaken,
  replaceStatusPageCards,
  type StatusPageRow,
} from '../../db/repositories/status-pages';
import type { StatusPageInput, StatusPageTheme, StatusPageView } from '../../../src-shared/schemas/status-page-resource';
import { toServiceView } from './read-shape';

export function requireStatusPage(tx: Db, accountId: string, id: string): StatusPageRow {
  const row = findStatusPage(tx, accountId, id);
  if (!row) throw AppError.notFound();
  return row;
}

/** The slug is the page's address: a second page cannot take it (409, like a private location's slugName). */
export function assertUrlFree(tx: Db, url: string, exceptId: string | null): void {
  if (isStatusPageUrlTaken(tx, url, exceptId)) {
    throw new AppError('conflict', `url: a status page with the url "${url}" already exists; choose another`, { url });
  }
}

/** Every service on a card must be a status page service of the account: 404 otherwise, as for incidents (spec 4.7). */
export function assertCardServicesExist(tx: Db, accountId: string, body: StatusPageInput): void {
  const ids = [...new Set(body.cards.flatMap((card) => card.services.map((service) => service.id)))];
  if (findStatusPageServices(tx, accountId, ids).length !== ids.length) throw AppError.notFound();
}

/** Writes the page's own members and replaces its cards; call inside a transaction. */
export function writeStatusPage(tx: Db, row: StatusPageRow, body: StatusPageInput, now: string): void {
  replaceStatusPageCards(
    tx,
    row.id,
    body.cards.map((card, position) => ({
      card: { id: randomUUID(), statusPageId: row.id, position, name: card.name, createdAt: now, updatedAt: now },
      serviceIds: card.services.map((service) => service.id),
    })),
  );
}

export function pageMembers(body: StatusPageInput): Pick<StatusPageRow, 'name' | 'url' | 'customDomain' | 'logo' | 'favicon' | 'redirectTo' | 'defaultTheme' | 'isPrivate'> {
  return {
    name: body.name,
    url: body.url,
    customDomain: body.customDomain ?? null,
    logo: body.logo ?? null,
    favicon: body.favicon ?? null,
    redirectTo: body.redirectTo ?? null,
    defaultTheme: body.defaultTheme,
    isPrivate: body.isPrivate,
  };
}

export function loadStatusPageViews(db: Db, rows: readonly StatusPageRow[]): StatusPageView[] {
  const cards = cardsOfStatusPages(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    url: row.url,
    customDomain: row.customDomain,
    logo: row.logo,
    favicon: row.favicon,
    redirectTo: row.redirectTo,
    defaultTheme: row.defaultTheme as StatusPageTheme,
    isPrivate: row.isPrivate,
    published: row.published,
    cards: (cards.get(row.id) ?? []).map(({ card, services }) => ({
      id: card.id,
      name: card.name,
      services: services.map(toServiceView),
      created_at: card.createdAt,
      updated_at: card.updatedAt,
    })),
    created_at: row.createdAt,
    updated_at: row.updatedAt,
  }));
}

export function loadStatusPageView(db: Db, row: StatusPageRow): StatusPageView {
  const [view] = loadStatusPageViews(db, [row]);
  if (!view) throw new Error(`status page ${row.id} vanished while reading it`);
  return view;
}
