import { Alert, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { RunOnceResult, RunOnceStatus } from '../../../src-shared/schemas/run-once';
import { MultiStepResultView } from '../results/multistep-result-view';
import { MultiStepCheckResult, readPayload } from '../../../src-shared/schemas/result-payloads';
import { formatDuration } from '../sessions/session-display';

const STATUS: Record<RunOnceStatus, { label: string; color: string }> = {
  PASSED: { label: 'Passed', color: 'teal' },
  DEGRADED: { label: 'Degraded', color: 'yellow' },
  FAILED: { label: 'Failed', color: 'red' },
  NOT_RUN: { label: 'Not run', color: 'gray' },
};

/** How a run that stored nothing ended ("Run once", "Send now"). */
export function RunOnceStatusBadge({ status }: { status: RunOnceStatus }) {
  return (
    <Badge color={STATUS[status].color} variant="filled" data-status={status}>
      {STATUS[status].label}
    </Badge>
  );
}

interface RunOncePanelProps {
  running: boolean;
  result: RunOnceResult | null;
  /** The server refused the run (validation, access). */
  error: string | null;
}

/** The outcome of "Run once without saving", shown with the same views as a stored multi-step result. */
export function RunOncePanel({ running, result, error }: RunOncePanelProps) {
  if (!running && !result && !error) return null;
  const multiStep = result ? readPayload(MultiStepCheckResult, result.multiStepCheckResult) : null;
  // The result view shows the script's own errors; the run's message is shown when it says something else (a time limit, no run).
  const detailed = multiStep !== null && (multiStep.errors.length > 0 || multiStep.tests.some((test) => test.errors.length > 0));
  return (
    <Paper withBorder p="md" component="section" aria-label="Run once result" aria-busy={running}>
      <Stack gap="sm">
        <Group gap="sm">
          <Title order={3} size="h4">
            Run once without saving
          </Title>
          {result && !running && <RunOnceStatusBadge status={result.status} />}
          {result?.responseTime !== null && result?.responseTime !== undefined && !running && (
            <Text size="sm" c="dimmed" ff="monospace">
              {formatDuration(result.responseTime)}
            </Text>
          )}
        </Group>
        <div aria-live="polite">
          {running && (
            <Text size="sm" c="dimmed">
              Running the script once on this machine… Nothing is saved.
            </Text>
          )}
          {!running && error && (
            <Alert color="red" variant="light" title="The script was not run" role="alert">
              {error}
            </Alert>
          )}
          {!running && result && (
            <Text size="sm">
              {result.status === 'PASSED' && 'Every step passed. '}
              {result.timedOut && 'The run reached its time limit. '}
              {result.message && !detailed && `${result.message} `}
              {result.status !== 'NOT_RUN' && 'The check was not saved; save it to run it on its schedule.'}
            </Text>
          )}
        </div>
        {!running && multiStep && <MultiStepResultView multiStep={multiStep} assertions={result?.assertions} />}
      </Stack>
    </Paper>
  );
}
