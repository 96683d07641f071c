import { Badge, Loader } from '@mantine/core';
import type { SessionStatus } from '../../../src-shared/rules/session-status';
import { isFinished, sessionStatusColor, statusLabel } from './session-display';

/** A run's status: light with a spinner while it runs, filled once it has ended (check sessions and test sessions alike). */
export function RunStatusBadge({ status, running, color }: { status: string; running: boolean; color: string }) {
  return (
    <Badge size="sm" variant={running ? 'light' : 'filled'} color={color} leftSection={running ? <Loader size={10} color={color} aria-hidden /> : undefined} data-status={status}>
      {statusLabel(status)}
    </Badge>
  );
}

export function SessionStatusBadge({ status }: { status: SessionStatus }) {
  return <RunStatusBadge status={status} running={!isFinished(status)} color={sessionStatusColor(status)} />;
}
