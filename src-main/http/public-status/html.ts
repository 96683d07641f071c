import type { StatusPageTheme } from '../../../src-shared/schemas/status-page-resource';
import { DATE_STYLES } from '../../../src-shared/rules/date-styles';
import { LOCAL_TIME_PATH } from './local-time';
import { STYLESHEET_PATH } from './stylesheet';

/** Everything operators or visitors typed goes through this before it reaches a page. */
export function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** The console's "minute" style, in UTC: what a reader without script sees (the page says the zone once). */
const WHEN = new Intl.DateTimeFormat('en-GB', { ...DATE_STYLES.minute, timeZone: 'UTC' });

/**
 * `<time>` in the console's format: the page is the same for every visitor (UTC); the local-time
 * script rewrites it in the reader's locale and zone, as the console writes it.
 */
export function time(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return esc(iso);
  return `<time datetime="${esc(date.toISOString())}">${esc(WHEN.format(date))}</time>`;
}

/** The line naming the zone of the page's times, with the UTC switch the local-time script shows. */
export function zoneNote(): string {
  return '<p class="zone-note"><span id="time-zone-note">Times in UTC</span> <label id="time-zone-switch" hidden><input type="checkbox" id="time-zone-utc"> Show times in UTC</label></p>';
}

/** "99.95%", "100%"; rounded down, so a bad minute never shows as 100%. */
export function percent(value: number): string {
  if (value >= 100) return '100%';
  return `${(Math.floor(value * 100) / 100).toFixed(2)}%`;
}

/** "2 h 5 min", "45 s". */
export function duration(fromIso: string, toIso: string): string {
  const seconds = Math.max(0, Math.floor((Date.parse(toIso) - Date.parse(fromIso)) / 1000));
  if (!Number.isFinite(seconds)) return '';
  if (seconds < 60) return `${seconds} s`;
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  return [days && `${days} d`, hours && `${hours} h`, minutes && `${minutes} min`].filter(Boolean).join(' ') || '0 min';
}

export interface LayoutOptions {
  title: string;
  theme?: StatusPageTheme;
  /** Extra elements for <head> (already escaped). */
  head?: string;
  /** The page's <body> content (already escaped). */
  body: string;
  /** Loads the local-time script (pages that show times). */
  localTimes?: boolean;
}

/** A complete page: one stylesheet from this server, no inline script or style; pages with times load the local-time script from this server. */
export function layout(options: LayoutOptions): string {
  return [
    '<!doctype html>',
    `<html lang="en" data-theme="${esc((options.theme ?? 'AUTO').toLowerCase())}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${esc(options.title)}</title>`,
    `<link rel="stylesheet" href="${STYLESHEET_PATH}">`,
    options.head ?? '',
    options.localTimes ? `<script src="${LOCAL_TIME_PATH}" defer></script>` : '',
    '</head>',
    `<body>${options.body}</body>`,
    '</html>',
  ].join('\n');
}

export interface NoticeOptions {
  title: string;
  message: string;
  /** A link back (to the status page); none on a 404. */
  back?: { href: string; label: string };
  /** A form to submit instead of acting on a GET (confirmation links). */
  form?: { action: string; fields: Record<string, string>; button: string };
  theme?: StatusPageTheme;
}

/** A small page with one message: subscription results, confirmation, unsubscribe, not found. */
export function notice(options: NoticeOptions): string {
  const form = options.form
    ? `<form method="post" action="${esc(options.form.action)}">${Object.entries(options.form.fields)
        .map(([name, value]) => `<input type="hidden" name="${esc(name)}" value="${esc(value)}">`)
        .join('')}<button type="submit">${esc(options.form.button)}</button></form>`
    : '';
  const back = options.back ? `<p><a href="${esc(options.back.href)}">${esc(options.back.label)}</a></p>` : '';
  return layout({
    title: options.title,
    theme: options.theme,
    body: `<main class="notice"><h1>${esc(options.title)}</h1><p>${esc(options.message)}</p>${form}${back}</main>`,
  });
}
