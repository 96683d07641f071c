import { Table } from '@mantine/core';
import { useEffect, useRef, type ReactNode } from 'react';

/**
 * A wide table's sideways scroller (on a phone). While it does scroll it is a named region in the
 * tab order, so a keyboard can scroll it too (WCAG 2.1.1; axe's scrollable-region-focusable); a
 * table that fits adds no tab stop.
 */
export function TableScroller({ label, minWidth, children }: { label: string; minWidth: number; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => {
      const scrolls = element.scrollWidth > element.clientWidth + 1;
      if (scrolls) {
        element.tabIndex = 0;
        element.setAttribute('role', 'region');
        element.setAttribute('aria-label', `${label}, scrolls sideways`);
      } else {
        element.removeAttribute('tabindex');
        element.removeAttribute('role');
        element.removeAttribute('aria-label');
      }
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [label]);
  return (
    // Positioned, so absolutely placed content (a visually hidden heading) is clipped by it instead of widening the page.
    <Table.ScrollContainer ref={ref} type="native" minWidth={minWidth} pos="relative">
      {children}
    </Table.ScrollContainer>
  );
}
