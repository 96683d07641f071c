import { OFFLINE_ICON } from './tab-icons';

const TITLE_PREFIX = '⚠ Unreachable · ';

/**
 * Marks the browser tab itself (title and favicon), for an operator looking at another tab or
 * window; returns how to undo it.
 */
export function showUnreachableInTab(): () => void {
  const icon = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  const originalIcon = icon?.getAttribute('href') ?? null;
  if (icon) icon.setAttribute('href', OFFLINE_ICON);
  if (!document.title.startsWith(TITLE_PREFIX)) document.title = `${TITLE_PREFIX}${document.title}`;
  return () => {
    if (icon && originalIcon !== null) icon.setAttribute('href', originalIcon);
    if (document.title.startsWith(TITLE_PREFIX)) document.title = document.title.slice(TITLE_PREFIX.length);
  };
}
