import { Alert, VisuallyHidden } from '@mantine/core';
import { cloneElement, useId, type MouseEvent, type ReactElement, type ReactNode } from 'react';
import type { Access } from '../../src-shared/rules/access';
import { useAccess } from '../lib/use-access';
import { LazyTooltip } from './lazy-tooltip';

export interface GateState {
  allowed: boolean;
  /** Why the key may not, for a tooltip or a note; null when it may. */
  reason: string | null;
}

/** Whether the signed-in key may do `access`, by the table the server enforces. */
export function useGate(access: Access): GateState {
  const { can, whyNot } = useAccess();
  const allowed = can(access);
  return { allowed, reason: allowed ? null : whyNot(access) };
}

interface GateProps {
  access: Access;
  /** One button or link (Mantine Button, ActionIcon...) that does what `access` allows. */
  children: ReactElement<Record<string, unknown>>;
  /** Leave the control out instead of disabling it (row actions, where a note above the table says why). */
  hide?: boolean;
}

/**
 * A control the key may not use is disabled — still focusable, so the reason can be read — with the
 * reason as its tooltip and accessible description; clicking it does nothing. Controls the key may
 * use are left as they are.
 */
export function Gate({ access, children, hide = false }: GateProps) {
  const { allowed, reason } = useGate(access);
  const id = useId();
  if (allowed) return children;
  if (hide) return null;
  const disabled = cloneElement(children, {
    'data-disabled': true,
    'aria-disabled': true,
    'aria-describedby': id,
    onClick: (event: MouseEvent) => event.preventDefault(),
  });
  return (
    <>
      <LazyTooltip label={reason ?? ''} multiline maw={320}>
        {disabled}
      </LazyTooltip>
      <VisuallyHidden id={id}>{reason}</VisuallyHidden>
    </>
  );
}

/** A note above a page or panel saying why its changes are not offered to this key; nothing when they are. */
export function AccessNote({ access, children }: { access: Access; children?: ReactNode }) {
  const { allowed, reason } = useGate(access);
  const { role } = useAccess();
  if (allowed || role === null) return null;
  return (
    <Alert color="gray" variant="light" title={children ?? 'View only'} mb="md" role="note">
      {reason}
    </Alert>
  );
}
