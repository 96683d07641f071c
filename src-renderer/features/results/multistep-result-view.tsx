import { Badge, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatDuration } from '../sessions/session-display';
import { AssertionsTable } from './assertions-table';
import { MultiStepErrorBlock } from './multistep-error-block';
import { readAssertions, type MultiStepCheckResult } from '../../../src-shared/schemas/result-payloads';
import { StepTree } from './step-tree';

interface MultiStepResultViewProps {
  multiStep: MultiStepCheckResult;
  assertions: unknown;
}

export function MultiStepResultView({ multiStep, assertions }: MultiStepResultViewProps) {
  const checked = readAssertions(assertions);
  return (
    <Stack gap="md">
      {multiStep.runtimeVersion && (
        <Text size="sm" c="dimmed">
          Runtime {multiStep.runtimeVersion}
        </Text>
      )}
      {multiStep.errors.length > 0 && (
        <Stack gap="xs">
          <Title order={4}>Errors</Title>
          {multiStep.errors.map((error, index) => (
            <MultiStepErrorBlock key={index} error={error} />
          ))}
        </Stack>
      )}
      <Stack gap="xs">
        <Title order={4}>Tests</Title>
        {multiStep.tests.length === 0 && (
          <Text size="sm" c="dimmed">
            The script ran no test.
          </Text>
        )}
        {multiStep.tests.map((test, index) => (
          <Paper key={`${test.title}-${index}`} withBorder p="sm" aria-label={`Test ${test.title}`}>
            <Stack gap="xs">
              <Group gap="xs">
                <Badge size="sm" color={test.status === 'passed' ? 'teal' : 'red'}>
                  {test.status}
                </Badge>
                <Text fw={600} size="sm">
                  {test.title}
                </Text>
                <Text size="xs" c="dimmed" ff="monospace">
                  {formatDuration(test.duration)}
                </Text>
              </Group>
              <StepTree steps={test.steps} />
              {test.errors.map((error, errorIndex) => (
                <MultiStepErrorBlock key={errorIndex} error={error} />
              ))}
            </Stack>
          </Paper>
        ))}
      </Stack>
      {checked.length > 0 && (
        <Stack gap={4}>
          <Title order={4}>Assertions</Title>
          <AssertionsTable assertions={checked} />
        </Stack>
      )}
      <Stack gap={4}>
        <Title order={4}>Job log</Title>
        {multiStep.jobLog.length === 0 ? (
          <Text size="sm" c="dimmed">
            The run wrote nothing to its log.
          </Text>
        ) : (
          <Code block aria-label="Job log" mah={360} style={{ overflow: 'auto' }}>
            {multiStep.jobLog.map((line) => (line.stream === 'stderr' ? `[stderr] ${line.text}` : line.text)).join('\n')}
          </Code>
        )}
      </Stack>
    </Stack>
  );
}
