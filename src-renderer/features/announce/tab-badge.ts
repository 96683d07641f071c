import { FAILING_ICON } from '../../app/tab-icons';

/** A leading "(3) " the console put before the page's own title. */
const COUNT_PREFIX = /^\(\d+\) /;

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
  const wanted = failing > 0 ? FAILING_ICON : plainIcon;
  if (wanted !== null && link.getAttribute('href') !== wanted) link.setAttribute('href', wanted);
  link.dataset.failing = failing > 0 ? 'true' : 'false';
}
