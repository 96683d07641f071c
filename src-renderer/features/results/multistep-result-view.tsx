import { Code, Stack, Text, Title } from '@mantine/core';
import { AssertionsTable } from './assertions-table';
import { runLevelErrors } from './group-errors';
import { MultiStepErrorBlock } from './multistep-error-block';
import { MULTI_STEP_LOG_LINES, readAssertions, type MultiStepCheckResult, type MultiStepTest } from '../../../src-shared/schemas/result-payloads';
import { MultiStepRuntimeLine } from './multistep-runtime-line';
import { MultiStepTestCard, testFailed } from './multistep-test-card';

interface MultiStepResultViewProps {
  multiStep: MultiStepCheckResult;
  assertions: unknown;
}

/** Failing tests first, each group in the order the script ran them. */
function failuresFirst(tests: readonly MultiStepTest[]): MultiStepTest[] {
  return [...tests.filter(testFailed), ...tests.filter((test) => !testFailed(test))];
}

export function MultiStepResultView({ multiStep, assertions }: MultiStepResultViewProps) {
  const checked = readAssertions(assertions);
  const runErrors = runLevelErrors(multiStep.errors, multiStep.tests);
  return (
    <Stack gap="md">
      <MultiStepRuntimeLine multiStep={multiStep} />
      {runErrors.length > 0 && (
        <Stack gap="xs" role="region" aria-label="Errors">
          <Title order={4}>Errors</Title>
          {runErrors.map(({ error, count }, index) => (
            <MultiStepErrorBlock key={index} error={error} count={count} />
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
        {failuresFirst(multiStep.tests).map((test, index) => (
          <MultiStepTestCard key={`${test.title}-${index}`} test={test} />
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
            {/* Each entry usually ends with its own newline (console.log's). */}
            {multiStep.jobLog.map((line) => `${line.stream === 'stderr' ? '[stderr] ' : ''}${line.text.replace(/\n$/, '')}`).join('\n')}
          </Code>
        )}
        {multiStep.jobLog.length >= MULTI_STEP_LOG_LINES && (
          <Text size="xs" c="dimmed">
            The log keeps the first {MULTI_STEP_LOG_LINES} lines of a run.
          </Text>
        )}
      </Stack>
    </Stack>
  );
}
