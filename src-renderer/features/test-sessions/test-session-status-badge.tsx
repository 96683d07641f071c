import { Badge, Loader } from '@mantine/core';
import type { TestSessionStatus } from '../../../src-shared/schemas/test-session';
import { statusLabel } from '../sessions/session-display';

const COLORS: Record<TestSessionStatus, string> = {
  RUNNING: 'blue',
  PASSED: 'teal',
  FAILED: 'red',
  CANCELLED: 'gray',
};

/** A test session's roll-up, drawn as the session badges are (light with a spinner while running, filled once ended). */
export function TestSessionStatusBadge({ status }: { status: TestSessionStatus }) {
  const running = status === 'RUNNING';
  return (
    <Badge
      size="sm"
      variant={running ? 'light' : 'filled'}
      color={COLORS[status]}
      leftSection={running ? <Loader size={10} color={COLORS[status]} aria-hidden /> : undefined}
      data-status={status}
    >
      {statusLabel(status)}
    </Badge>
  );
}
