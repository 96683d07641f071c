import { ActionIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { routeHref } from '../lib/route-href';
import { LazyTooltip } from './lazy-tooltip';
import { PlainActionIcon } from './plain-controls';

interface RowActionProps {
  /** What the tooltip says, e.g. "Delete monitor". */
  tooltip: string;
  /** The button's accessible name, e.g. "Delete Core router". */
  label: string;
  icon: ReactNode;
  /** A route to open; without it the icon is a button calling onClick. */
  to?: string;
  onClick?: () => void;
  color?: string;
  loading?: boolean;
}

/** One icon button in a table row's actions cell; its tooltip is mounted on hover or keyboard focus. */
export function RowAction({ tooltip, label, icon, to, onClick, color, loading }: RowActionProps) {
  return (
    <LazyTooltip label={tooltip}>
      {loading ? (
        <ActionIcon variant="subtle" color={color} aria-label={label} loading onClick={onClick}>
          {icon}
        </ActionIcon>
      ) : to === undefined ? (
        <PlainActionIcon variant="subtle" color={color} aria-label={label} onClick={onClick}>
          {icon}
        </PlainActionIcon>
      ) : (
        <PlainActionIcon href={routeHref(to)} variant="subtle" color={color} aria-label={label}>
          {icon}
        </PlainActionIcon>
      )}
    </LazyTooltip>
  );
}
