import { Alert, Anchor, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { AgentHealthView } from './lane-display';

/**
 * Checks whose runs outlast their period: their next scheduled runs were skipped while the previous
 * one was still going. Not saturation (more capacity would not help): the fix is the check's.
 */
export function OverrunningChecksNote({ health }: { health: Pick<AgentHealthView, 'overrunSkippedLastHour' | 'overrunningChecks'> }) {
  if (health.overrunSkippedLastHour === 0) return null;
  const total = health.overrunSkippedLastHour;
  return (
    <Alert color="yellow" variant="light" title="Checks that take longer than their frequency">
      <Text size="sm" mb={4}>
        {total === 1 ? '1 scheduled run was' : `${total} scheduled runs were`} skipped in the last hour because the check&apos;s previous run was still going (not a failure of the target). Give these
        checks a lower time limit or fewer retries, or run them less often:
      </Text>
      <List size="sm">
        {health.overrunningChecks.map((check) => (
          <List.Item key={check.checkId}>
            <Anchor component={Link} to={`/monitors/${check.checkId}`} size="sm">
              {check.name}
            </Anchor>{' '}
            — {check.skippedLastHour} skipped
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}
