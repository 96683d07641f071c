import { ActionIcon, Badge, Checkbox, FOCUS_CLASS_NAMES, getFontSize, getSize, Switch, UnstyledButton, useMantineTheme, type MantineSize, type MantineTheme } from '@mantine/core';
import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ChangeEvent, CSSProperties, ReactNode } from 'react';

/*
 * Mantine's Badge, Checkbox, Switch and ActionIcon as the plain elements they render: the same
 * tags, classes, data attributes and CSS variables (from each component's own `varsResolver` and
 * the app's theme), without the component machinery around them (props merging, the styles API,
 * Box, extracting style props). The Monitors list draws about ten of these per row: as Mantine
 * components they took most of the 25 rows' first render (issue 31, DECISIONS "the Monitors page's
 * first rows"). test/console/plain-controls.test.tsx renders each beside its Mantine original and
 * compares the markup, so a Mantine upgrade that changes one fails there, not on screen.
 *
 * Only the states the list shows are plain: a disabled or loading control is Mantine's own.
 */

/**
 * Checkbox and Switch sit in Mantine's InlineInput, whose classes their `classes` carry; their own
 * root class is overwritten there by InlineInput's, so it is named here (the test catches a change).
 */
const INLINE_INPUT = Checkbox.classes;
const OWN_ROOT = { Checkbox: 'm_bf2d988c', Switch: 'm_5f93f3bb' } as const;

type Vars = Record<string, string | undefined>;
type Resolver = (theme: MantineTheme, props: Record<string, unknown>, ctx: unknown) => { root?: Vars };

const varsCache = new WeakMap<MantineTheme, Map<string, CSSProperties>>();

/** The root's CSS variables as Mantine's component sets them, worked out once per theme and props. */
function rootVars(theme: MantineTheme, name: string, resolver: unknown, props: Record<string, unknown>): CSSProperties {
  let cache = varsCache.get(theme);
  if (!cache) {
    cache = new Map();
    varsCache.set(theme, cache);
  }
  const key = `${name}:${JSON.stringify(props)}`;
  let vars = cache.get(key);
  if (!vars) {
    const root = (resolver as Resolver)(theme, props, undefined).root ?? {};
    vars = Object.fromEntries(Object.entries(root).filter(([, value]) => value !== undefined)) as CSSProperties;
    cache.set(key, vars);
  }
  return vars;
}

/** The class Mantine gives focusable controls for its focus ring. */
const focusClass = (theme: MantineTheme): string => theme.focusClassName || FOCUS_CLASS_NAMES[theme.focusRing];

const withStyle = (vars: CSSProperties, style: CSSProperties | undefined): CSSProperties => (style ? { ...vars, ...style } : vars);

interface PlainBadgeProps {
  color: string;
  variant: 'filled' | 'light' | 'outline';
  size: MantineSize;
  children: ReactNode;
  style?: CSSProperties;
  title?: string;
  [data: `data-${string}`]: string | undefined;
}

/** Mantine's `<Badge>` (a div with its label in a span). */
export function PlainBadge({ color, variant, size, children, style, ...rest }: PlainBadgeProps) {
  const theme = useMantineTheme();
  const vars = rootVars(theme, 'Badge', Badge.varsResolver, { color, variant, size });
  return (
    <div style={withStyle(vars, style)} className={`${Badge.classes.root} mantine-Badge-root`} data-variant={variant} data-size={size} {...rest}>
      <span className={`${Badge.classes.label} mantine-Badge-label`}>{children}</span>
    </div>
  );
}

const CHECK_PATH =
  'M4 4.586L1.707 2.293A1 1 0 1 0 .293 3.707l3 3a.997.997 0 0 0 1.414 0l5-5A1 1 0 1 0 8.293.293L4 4.586z';

/** Mantine's `<Checkbox>` without a label (an aria-label names it). */
export function PlainCheckbox({ label, checked, onChange }: { label: string; checked: boolean; onChange: (event: ChangeEvent<HTMLInputElement>) => void }) {
  const theme = useMantineTheme();
  const vars = rootVars(theme, 'Checkbox', Checkbox.varsResolver, { variant: 'filled', radius: 'sm' });
  return (
    <div
      style={vars}
      className={`${OWN_ROOT.Checkbox} mantine-Checkbox-root ${INLINE_INPUT.root} mantine-Checkbox-root`}
      data-variant="filled"
      data-label-position="right"
      data-checked={checked || undefined}
    >
      <div className={`${INLINE_INPUT.body} mantine-Checkbox-body`}>
        <div className={`${Checkbox.classes.inner} mantine-Checkbox-inner`} data-label-position="right">
          <input
            className={`${focusClass(theme)} ${Checkbox.classes.input} mantine-Checkbox-input`}
            data-with-error-styles="true"
            aria-label={label}
            type="checkbox"
            checked={checked}
            onChange={onChange}
          />
          <svg viewBox="0 0 10 7" fill="none" xmlns="http://www.w3.org/2000/svg" aria-hidden="true" className={`${Checkbox.classes.icon} mantine-Checkbox-icon`}>
            <path d={CHECK_PATH} fill="currentColor" fillRule="evenodd" clipRule="evenodd" />
          </svg>
        </div>
        <div className={`${INLINE_INPUT.labelWrapper} mantine-Checkbox-labelWrapper`} />
      </div>
    </div>
  );
}

/** Mantine's `<Switch size="sm">` without a label, enabled (a disabled one is Mantine's own). */
export function PlainSwitch({ label, checked, onChange }: { label: string; checked: boolean; onChange: (event: ChangeEvent<HTMLInputElement>) => void }) {
  const theme = useMantineTheme();
  const vars = rootVars(theme, 'Switch', (t: MantineTheme, props: Record<string, unknown>, ctx: unknown) => {
    const own = (Switch.varsResolver as unknown as Resolver)(t, props, ctx).root;
    // InlineInput's own variables follow the component's.
    return { root: { ...own, '--label-fz': getFontSize('sm'), '--label-lh': getSize('sm', 'label-lh') } };
  }, { size: 'sm' });
  const state = checked ? 'true' : 'false';
  return (
    <div style={vars} className={`${OWN_ROOT.Switch} mantine-Switch-root ${INLINE_INPUT.root} mantine-Switch-root`} data-size="sm" data-label-position="right" data-checked={state}>
      <label className={`${INLINE_INPUT.body} mantine-Switch-body`}>
        <input aria-label={label} data-checked={state} type="checkbox" role="switch" className={`${Switch.classes.input} mantine-Switch-input`} checked={checked} onChange={onChange} />
        <span className={`${Switch.classes.track} mantine-Switch-track`} data-label-position="right" data-without-labels="true" aria-hidden="true">
          <span className={`${Switch.classes.thumb} mantine-Switch-thumb`} data-reduce-motion="true" data-with-thumb-indicator="true" />
          <span className={`${Switch.classes.trackLabel} mantine-Switch-trackLabel`} />
        </span>
        <div className={`${INLINE_INPUT.labelWrapper} mantine-Switch-labelWrapper`} />
      </label>
    </div>
  );
}

type PlainActionIconProps = { variant: 'subtle'; color?: string; children: ReactNode; 'aria-label': string } & (
  | ({ href: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'color'>)
  | ({ href?: undefined } & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color'>)
);

/** Mantine's `<ActionIcon>` (a button, or a link with `href`), enabled and not loading. */
export function PlainActionIcon({ variant, color, children, ...rest }: PlainActionIconProps) {
  const theme = useMantineTheme();
  const vars = rootVars(theme, 'ActionIcon', ActionIcon.varsResolver, color === undefined ? { variant } : { variant, color });
  const className = `${focusClass(theme)} ${theme.activeClassName} ${ActionIcon.classes.root} mantine-ActionIcon-root ${UnstyledButton.classes.root} mantine-UnstyledButton-root`.replace('  ', ' ');
  const icon = <span className={`${ActionIcon.classes.icon} mantine-ActionIcon-icon`}>{children}</span>;
  if (rest.href !== undefined) {
    return (
      <a style={vars} className={className} data-variant={variant} {...(rest as AnchorHTMLAttributes<HTMLAnchorElement>)}>
        {icon}
      </a>
    );
  }
  return (
    <button style={vars} className={className} data-variant={variant} type="button" {...(rest as ButtonHTMLAttributes<HTMLButtonElement>)}>
      {icon}
    </button>
  );
}
