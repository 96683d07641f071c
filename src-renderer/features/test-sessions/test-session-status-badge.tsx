import type { TestSessionStatus } from '../../../src-shared/schemas/test-session';
import { RunStatusBadge } from '../sessions/session-status-badge';

const COLORS: Record<TestSessionStatus, string> = {
  RUNNING: 'blue',
  PASSED: 'teal',
  FAILED: 'red',
  CANCELLED: 'gray',
};

/** A test session's roll-up, drawn as the check sessions' badges are. */
export function TestSessionStatusBadge({ status }: { status: TestSessionStatus }) {
  return <RunStatusBadge status={status} running={status === 'RUNNING'} color={COLORS[status]} />;
}
