import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { formatDuration } from '../sessions/session-display';
import type { MultiStepTest } from '../../../src-shared/schemas/result-payloads';
import { groupErrors } from './group-errors';
import { MultiStepErrorBlock } from './multistep-error-block';
import { RequestsTable } from './requests-table';
import { StepTree } from './step-tree';

/** A test that neither passed nor was skipped: failed, timed out, interrupted. */
export function testFailed(test: MultiStepTest): boolean {
  return test.status !== 'passed' && test.status !== 'skipped';
}

/** One test of a run: its verdict, steps, the API calls it made and its errors with their code frames. */
export function MultiStepTestCard({ test }: { test: MultiStepTest }) {
  const failed = testFailed(test);
  return (
    <Paper component="section" withBorder p="sm" aria-label={`Test ${test.title}`} style={failed ? { borderColor: 'var(--mantine-color-red-filled)' } : undefined}>
      <Stack gap="xs">
        <Group gap="xs">
          <Badge size="sm" color={failed ? 'red' : test.status === 'passed' ? 'teal' : 'gray'}>
            {test.status}
          </Badge>
          <Text fw={600} size="sm">
            {test.title}
          </Text>
          <Text size="xs" c="dimmed" ff="monospace">
            {formatDuration(test.duration)}
          </Text>
        </Group>
        <StepTree steps={test.steps} shownBelow={new Set(test.errors.map((error) => error.message))} />
        {test.requests && test.requests.length > 0 && <RequestsTable requests={test.requests} label={`Requests of ${test.title}`} />}
        {groupErrors(test.errors).map(({ error, count }, errorIndex) => (
          <MultiStepErrorBlock key={errorIndex} error={error} count={count} />
        ))}
      </Stack>
    </Paper>
  );
}
