import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** How long a page may take to show its heading (it may be loading) before focus is left alone. */
const WAIT_FRAMES = 180;

/**
 * After a move to another page, focus goes to that page's heading, so a keyboard or screen reader
 * user starts on the new page rather than on `<body>` (or a link that is gone). The first load and
 * a change of the address's query (a range, a filter) leave focus where it is, as does a page where
 * the user has already put focus inside the main region.
 */
export function FocusOnNavigation({ mainId }: { mainId: string }) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let frames = 0;
    let frame = 0;
    const focusHeading = () => {
      const main = document.getElementById(mainId);
      const active = document.activeElement;
      if (!main || (active && active !== document.body && active !== main && main.contains(active) && active.tagName !== 'H2')) return;
      const heading = main.querySelector<HTMLElement>('h2');
      if (heading) {
        heading.tabIndex = -1;
        heading.focus();
        return;
      }
      if (++frames < WAIT_FRAMES) frame = requestAnimationFrame(focusHeading);
    };
    frame = requestAnimationFrame(focusHeading);
    return () => cancelAnimationFrame(frame);
  }, [pathname, mainId]);
  return null;
}
