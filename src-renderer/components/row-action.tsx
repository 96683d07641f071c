import { ActionIcon, Tooltip } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

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

/** One icon button in a table row's actions cell. */
export function RowAction({ tooltip, label, icon, to, onClick, color, loading }: RowActionProps) {
  return (
    <Tooltip label={tooltip} withArrow>
      {to === undefined ? (
        <ActionIcon variant="subtle" color={color} aria-label={label} loading={loading} onClick={onClick}>
          {icon}
        </ActionIcon>
      ) : (
        <ActionIcon component={Link} to={to} variant="subtle" color={color} aria-label={label}>
          {icon}
        </ActionIcon>
      )}
    </Tooltip>
  );
}
