import { Alert, Stack, Text } from '@mantine/core';
import { humanLabel } from '../../lib/labels';
import { formatValue } from './result-display';
import type { AssertionOutcome } from '../../../src-shared/schemas/result-payloads';

/** "JSON_BODY $.status EQUALS": what an assertion tested, in one line. */
function assertionWhat(assertion: AssertionOutcome): string {
  return [humanLabel(assertion.source), assertion.property, humanLabel(assertion.comparison).toLowerCase()].filter((part) => part !== '').join(' ');
}

/** The assertions that failed, first and in red, each with what it expected and what it got. */
export function FailingAssertions({ assertions }: { assertions: readonly AssertionOutcome[] }) {
  const failing = assertions.filter((assertion) => !assertion.passed);
  if (failing.length === 0) return null;
  return (
    <Stack gap="xs" role="region" aria-label="Failing assertions">
      {failing.map((assertion, index) => (
        <Alert key={index} color="red" variant="light" title={`Assertion failed: ${assertionWhat(assertion)}`}>
          <Text size="sm">
            Expected <Text span ff="monospace" fw={600}>{formatValue(assertion.target)}</Text>, got{' '}
            <Text span ff="monospace" fw={600}>{formatValue(assertion.actual)}</Text>
          </Text>
          {assertion.error && (
            <Text size="sm" c="red">
              {assertion.error}
            </Text>
          )}
        </Alert>
      ))}
    </Stack>
  );
}
