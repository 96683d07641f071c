import { Badge, Loader } from '@mantine/core';
import type { SessionStatus } from '../../../src-shared/rules/session-status';
import { isFinished, sessionStatusColor, statusLabel } from './session-display';

export function SessionStatusBadge({ status }: { status: SessionStatus }) {
  const running = !isFinished(status);
  return (
    <Badge
      size="sm"
      variant={running ? 'light' : 'filled'}
      color={sessionStatusColor(status)}
      leftSection={running ? <Loader size={10} color={sessionStatusColor(status)} aria-hidden /> : undefined}
      data-status={status}
    >
      {statusLabel(status)}
    </Badge>
  );
}
