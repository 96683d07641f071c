import { createTheme, Modal, Notification, type CSSVariablesResolver } from '@mantine/core';

/**
 * Contrast (WCAG AA, checked by e2e/specs/web/accessibility.spec.ts): the primary teal is its
 * darkest shade, so white text on filled buttons reads at 4.9:1; filled colours pick black or
 * white text by luminance (autoContrast), so yellow and orange badges stay readable.
 */
export const theme = createTheme({
  primaryColor: 'teal',
  primaryShade: { light: 9, dark: 9 },
  autoContrast: true,
  defaultRadius: 'sm',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  components: {
    // Toasts: Mantine's description grey reads below 4.5:1 and its close button has no name.
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    }),
    // Dialogs: Mantine's close button (an icon) has no name either (axe button-name, critical).
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } }),
  },
});

const COLORS = ['gray', 'red', 'pink', 'grape', 'violet', 'indigo', 'blue', 'cyan', 'teal', 'green', 'yellow', 'orange', 'lime'] as const;
/** Text on a light-variant background where the colour's darkest shade is still too light for it. */
const DARKER_TEXT: Partial<Record<(typeof COLORS)[number], string>> = { green: '#1f6b30', yellow: '#7a4a00', orange: '#7a4a00', lime: '#3f5f0a' };

/**
 * In the light scheme: "dimmed" text (descriptions, hints) one step darker than Mantine's, and
 * light-variant badges, buttons and the active navigation entry on the colour's palest shade with
 * its darkest shade as text, so each reads at 4.5:1 or more (WCAG AA). The dark scheme meets that
 * with Mantine's values, but for dimmed text.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    ...Object.fromEntries(
      COLORS.flatMap((color) => [
        [`--mantine-color-${color}-light`, `var(--mantine-color-${color}-0)`],
        [`--mantine-color-${color}-light-hover`, `var(--mantine-color-${color}-1)`],
        [`--mantine-color-${color}-light-color`, DARKER_TEXT[color] ?? `var(--mantine-color-${color}-9)`],
      ]),
    ),
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-2)',
  },
});
