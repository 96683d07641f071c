import { Box, Group, Text } from '@mantine/core';
import { formatDuration } from '../sessions/session-display';
import type { MultiStepStep } from '../../../src-shared/schemas/result-payloads';

/**
 * Nested test steps with their durations; a failed step shows its error under it, unless the test
 * shows that same error under its steps (`shownBelow`): then the step is only marked ✗.
 */
export function StepTree({ steps, depth = 0, shownBelow }: { steps: readonly MultiStepStep[]; depth?: number; shownBelow?: ReadonlySet<string> }) {
  if (steps.length === 0) return null;
  return (
    <Box component="ul" role={depth === 0 ? 'tree' : 'group'} aria-label={depth === 0 ? 'Steps' : undefined} m={0} pl={depth === 0 ? 0 : 'md'} style={{ listStyle: 'none' }}>
      {steps.map((step, index) => (
        <Box component="li" role="treeitem" aria-label={step.title} key={`${step.title}-${index}`} py={2}>
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c={step.error ? 'red' : undefined} fw={step.error ? 600 : undefined}>
              {step.error ? '✗' : '✓'} {step.title}
            </Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {formatDuration(step.duration)}
            </Text>
          </Group>
          {step.error && !shownBelow?.has(step.error) && (
            <Text size="xs" c="red" ff="monospace" pl="md" style={{ whiteSpace: 'pre-wrap' }}>
              {step.error}
            </Text>
          )}
          {step.steps && <StepTree steps={step.steps} depth={depth + 1} shownBelow={shownBelow} />}
        </Box>
      ))}
    </Box>
  );
}
