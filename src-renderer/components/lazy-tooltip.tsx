import { Tooltip } from '@mantine/core';
import { cloneElement, useState, type FocusEvent, type KeyboardEvent, type MouseEvent, type ReactElement } from 'react';

type TargetProps = Record<string, unknown>;

interface LazyTooltipProps {
  label: string;
  /** One element that takes mouse and focus handlers (Mantine ActionIcon, Button, a span around a disabled control…). */
  children: ReactElement<TargetProps>;
  multiline?: boolean;
  w?: number;
  maw?: number;
}

/**
 * Mantine's Tooltip, mounted only while the pointer is over its target or the target has keyboard
 * focus. A table row's icons each carry a tooltip; mounting a floating-ui instance for every icon
 * of every row up front took a fifth of the Monitors list's first render, for tooltips nobody had
 * pointed at yet. The target stays where it is in the tree (a sibling Tooltip points at the element
 * through `target`), so showing the tooltip never remounts the button or takes its focus away.
 */
export function LazyTooltip({ label, children, multiline, w, maw }: LazyTooltipProps) {
  /** The element the tooltip points at while it is shown; null while hidden. */
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const own = children.props;
  const chain =
    <E,>(name: string, next: (event: E) => void) =>
    (event: E) => {
      (own[name] as ((event: E) => void) | undefined)?.(event);
      next(event);
    };
  const trigger = cloneElement(children, {
    onMouseEnter: chain('onMouseEnter', (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)),
    onMouseLeave: chain('onMouseLeave', () => setAnchor(null)),
    onFocus: chain('onFocus', (event: FocusEvent<HTMLElement>) => setAnchor(event.currentTarget.matches(':focus-visible') ? event.currentTarget : null)),
    onBlur: chain('onBlur', () => setAnchor(null)),
    onKeyDown: chain('onKeyDown', (event: KeyboardEvent) => {
      if (event.key === 'Escape') setAnchor(null);
    }),
  });
  return (
    <>
      {trigger}
      {anchor && <Tooltip target={anchor} label={label} opened withArrow multiline={multiline} w={w} maw={maw} />}
    </>
  );
}
