import { ActionIcon, Badge, Checkbox, MantineProvider, Switch } from '@mantine/core';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { theme } from '../../src-renderer/app/theme';
import { PlainActionIcon, PlainBadge, PlainCheckbox, PlainSwitch } from '../../src-renderer/components/plain-controls';

/** What the browser gets, in the app's theme; Mantine's generated ids (and the label's `for`) left out. */
function markup(element: ReactElement): string {
  return renderToStaticMarkup(h(MantineProvider, { theme }, element))
    .replace(/<style[^>]*>.*?<\/style>/gs, '')
    .replace(/ (id|for)="[^"]*"/g, '');
}

const noop = () => {};

/** createElement without the polymorphic components' overloads (the props are checked by the markup compared). */
const h = (type: unknown, props: Record<string, unknown>, ...children: unknown[]): ReactElement => createElement(type as never, props as never, ...(children as never[]));

describe('the Monitors list’s plain controls render exactly what the Mantine components they stand for render', () => {
  it('badges: every colour, variant and size the list uses, with its own style and data attributes', () => {
    const cases: [string, 'filled' | 'light' | 'outline', 'xs' | 'sm'][] = [
      ['teal', 'light', 'sm'],
      ['red', 'filled', 'sm'],
      ['yellow', 'light', 'sm'],
      ['yellow', 'filled', 'sm'],
      ['gray', 'light', 'sm'],
      ['blue', 'light', 'sm'],
      ['grape', 'filled', 'sm'],
      ['indigo', 'light', 'sm'],
      ['gray', 'outline', 'xs'],
    ];
    for (const [color, variant, size] of cases) {
      const mantine = markup(h(Badge, { color, variant, size, miw: 84, 'data-health': 'x', title: 'why' }, 'Label'));
      expect(markup(h(PlainBadge, { color, variant, size, style: { minWidth: 'calc(5.25rem * var(--mantine-scale))' }, 'data-health': 'x', title: 'why' }, 'Label')), `${color} ${variant} ${size}`).toBe(mantine);
    }
    expect(markup(h(PlainBadge, { color: 'gray', variant: 'outline', size: 'xs', style: { textTransform: 'none' } }, 'db'))).toBe(markup(h(Badge, { color: 'gray', variant: 'outline', size: 'xs', tt: 'none' }, 'db')));
  });

  it('the row checkbox, checked and not', () => {
    for (const checked of [false, true]) {
      expect(markup(h(PlainCheckbox, { label: 'Select Web', checked, onChange: noop }))).toBe(markup(h(Checkbox, { 'aria-label': 'Select Web', checked, onChange: noop })));
    }
  });

  it('the Active switch, on and off', () => {
    for (const checked of [false, true]) {
      expect(markup(h(PlainSwitch, { label: 'Active: Web', checked, onChange: noop }))).toBe(markup(h(Switch, { size: 'sm', 'aria-label': 'Active: Web', checked, onChange: noop })));
    }
  });

  it('row actions: a button, and a red one, and a link', () => {
    const icon = h('svg', { viewBox: '0 0 1 1' });
    expect(markup(h(PlainActionIcon, { variant: 'subtle', 'aria-label': 'Run Web now', onClick: noop }, icon))).toBe(markup(h(ActionIcon, { variant: 'subtle', 'aria-label': 'Run Web now', onClick: noop }, icon)));
    expect(markup(h(PlainActionIcon, { variant: 'subtle', color: 'red', 'aria-label': 'Delete Web', onClick: noop }, icon))).toBe(
      markup(h(ActionIcon, { variant: 'subtle', color: 'red', 'aria-label': 'Delete Web', onClick: noop }, icon)),
    );
    expect(markup(h(PlainActionIcon, { variant: 'subtle', href: '#/monitors/1/edit', 'aria-label': 'Edit Web' }, icon))).toBe(
      markup(h(ActionIcon, { component: 'a', href: '#/monitors/1/edit', variant: 'subtle', 'aria-label': 'Edit Web' }, icon)),
    );
  });
});
