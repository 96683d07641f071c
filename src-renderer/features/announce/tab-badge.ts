/** A leading "(3) " the console put before the page's own title. */
const COUNT_PREFIX = /^\(\d+\) /;

// The console's icon (public/favicon.svg) with a red dot in its corner.
const BADGED_ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#0ca678"/>' +
      '<path d="M4 18h6l3-8 5 14 3-6h7" fill="none" stroke="#fff" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>' +
      '<circle cx="24" cy="8" r="7.5" fill="#e03131" stroke="#fff" stroke-width="1.5"/></svg>',
  );

let plainIcon: string | null = null;

function iconLink(): HTMLLinkElement | null {
  return document.querySelector<HTMLLinkElement>('link[rel="icon"]');
}

/**
 * The tab says how many monitors fail: "(3) Sightline" and a red dot on the icon. Only the count
 * prefix is ours, so whatever else names the tab keeps its words.
 */
export function showFailingInTab(failing: number): void {
  const base = document.title.replace(COUNT_PREFIX, '');
  document.title = failing > 0 ? `(${failing}) ${base}` : base;
  const link = iconLink();
  if (!link) return;
  plainIcon ??= link.getAttribute('href');
  const wanted = failing > 0 ? BADGED_ICON : plainIcon;
  if (wanted !== null && link.getAttribute('href') !== wanted) link.setAttribute('href', wanted);
  link.dataset.failing = failing > 0 ? 'true' : 'false';
}
