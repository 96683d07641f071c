import { randomUUID } from 'node:crypto';
import { AppError } from '../../core/errors';
import { transaction, type Db } from '../../db/connection';
import { lockKey, lockRowsForShare, lockRowsForUpdate } from '../../db/row-locks';
import { findStatusPageServices } from '../../db/repositories/status-page-services';
import {
  cardsOfStatusPages,
  deleteStatusPage,
  findStatusPage,
  insertStatusPage,
  isStatusPageUrlTaken,
  listStatusPages,
  replaceStatusPage,
  replaceStatusPageCards,
  setStatusPagePublished,
  type StatusPageRow,
} from '../../db/repositories/status-pages';
import type { CursorQuery } from '../../../src-shared/schemas/status-page';
import type { StatusPagePublish } from '../../../src-shared/schemas/status-page-public';
import type { StatusPageInput, StatusPagePage, StatusPageTheme, StatusPageView } from '../../../src-shared/schemas/status-page-resource';
import type { ServiceContext } from '../context';
import { cutPage, requireCursor } from './paging';
import { toServiceView } from './read-shape';

export async function requireStatusPage(tx: Db, accountId: string, id: string): Promise<StatusPageRow> {
  const row = await findStatusPage(tx, accountId, id);
  if (!row) throw AppError.notFound();
  return row;
}

/**
 * The slug is the page's address: a second page cannot take it (409, like a private location's slugName).
 * Slugs are unique across every account, so the queue for one is a lock on the slug itself (no row
 * holds it yet): of two servers storing one slug at once, the second sees the first's page and gets
 * this 409, never the unique index's error.
 */
async function assertUrlFree(tx: Db, url: string, exceptId: string | null): Promise<void> {
  await lockKey(tx, `status-page-url:${url}`);
  if (await isStatusPageUrlTaken(tx, url, exceptId)) {
    throw new AppError('conflict', `url: a status page with the url "${url}" already exists; choose another`, { url });
  }
}

/** Every service on a card must be a status page service of the account: 404 otherwise, as for incidents (spec 4.7). */
async function assertCardServicesExist(tx: Db, accountId: string, body: StatusPageInput): Promise<void> {
  const ids = [...new Set(body.cards.flatMap((card) => card.services.map((service) => service.id)))];
  // Kept until the commit: a service deleted meanwhile would fail the cards' foreign key instead of this 404.
  await lockRowsForShare(tx, 'status_page_services', 'id', ids);
  if ((await findStatusPageServices(tx, accountId, ids)).length !== ids.length) throw AppError.notFound();
}

/** Replaces the page's cards; call inside a transaction. */
async function writeCards(tx: Db, row: StatusPageRow, body: StatusPageInput, now: string): Promise<void> {
  await replaceStatusPageCards(
    tx,
    row.id,
    body.cards.map((card, position) => ({
      card: { id: randomUUID(), statusPageId: row.id, position, name: card.name, createdAt: now, updatedAt: now },
      serviceIds: card.services.map((service) => service.id),
    })),
  );
}

function pageMembers(body: StatusPageInput): Pick<StatusPageRow, 'name' | 'url' | 'customDomain' | 'logo' | 'favicon' | 'redirectTo' | 'defaultTheme' | 'isPrivate'> {
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

async function loadStatusPageViews(db: Db, rows: readonly StatusPageRow[]): Promise<StatusPageView[]> {
  const cards = await cardsOfStatusPages(
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

async function loadStatusPageView(db: Db, row: StatusPageRow): Promise<StatusPageView> {
  const [view] = await loadStatusPageViews(db, [row]);
  if (!view) throw new Error(`status page ${row.id} vanished while reading it`);
  return view;
}

/** Newest first by creation time (then id); `nextId` is the id of the first status page of the next page. */
export async function listStatusPagePage(ctx: ServiceContext, query: CursorQuery): Promise<StatusPagePage> {
  const from = query.nextId ? requireCursor(await findStatusPage(ctx.db, ctx.accountId, query.nextId), 'status page') : undefined;
  const page = cutPage(await listStatusPages(ctx.db, ctx.accountId, query.limit + 1, from), query.limit);
  return { length: page.rows.length, entries: await loadStatusPageViews(ctx.db, page.rows), nextId: page.nextId };
}

export async function getStatusPage(ctx: ServiceContext, id: string): Promise<StatusPageView> {
  return await loadStatusPageView(ctx.db, await requireStatusPage(ctx.db, ctx.accountId, id));
}

/** A new page's updated_at equals its created_at (the public read shape does not allow null). */
export async function createStatusPage(ctx: ServiceContext, body: StatusPageInput): Promise<StatusPageView> {
  return await transaction(ctx.db, async (tx) => {
    await assertUrlFree(tx, body.url, null);
    await assertCardServicesExist(tx, ctx.accountId, body);
    const now = ctx.clock.now().toISOString();
    const row: StatusPageRow = { id: randomUUID(), accountId: ctx.accountId, ...pageMembers(body), published: body.published ?? false, createdAt: now, updatedAt: now };
    await insertStatusPage(tx, row);
    await writeCards(tx, row, body, now);
    return await loadStatusPageView(tx, row);
  });
}

/** PUT replaces the page: members not sent take their defaults (but `published` stays as it was), and the cards are the ones sent. */
export async function updateStatusPage(ctx: ServiceContext, id: string, body: StatusPageInput): Promise<StatusPageView> {
  return await transaction(ctx.db, async (tx) => {
    // The merge keeps members of the stored row (published): two PUTs at once take turns on it.
    await lockRowsForUpdate(tx, 'status_pages', 'id', [id]);
    const existing = await requireStatusPage(tx, ctx.accountId, id);
    await assertUrlFree(tx, body.url, id);
    await assertCardServicesExist(tx, ctx.accountId, body);
    const now = ctx.clock.now().toISOString();
    const row: StatusPageRow = { ...existing, ...pageMembers(body), published: body.published ?? existing.published, updatedAt: now };
    await replaceStatusPage(tx, row);
    await writeCards(tx, row, body, now);
    return await loadStatusPageView(tx, row);
  });
}

/** Publishes the page at /status/<url> (no key needed) or takes it off; nothing else changes. */
export async function publishStatusPage(ctx: ServiceContext, { id, published }: StatusPagePublish): Promise<StatusPageView> {
  return await transaction(ctx.db, async (tx) => {
    if (!await setStatusPagePublished(tx, ctx.accountId, id, published, ctx.clock.now().toISOString())) throw AppError.notFound();
    return await loadStatusPageView(tx, await requireStatusPage(tx, ctx.accountId, id));
  });
}

/** Removes the page and its cards; the services on them and their incidents stay. */
export async function deleteStatusPageById(ctx: ServiceContext, id: string): Promise<void> {
  if (!await deleteStatusPage(ctx.db, ctx.accountId, id)) throw AppError.notFound();
}
