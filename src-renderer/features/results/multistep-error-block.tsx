import { Code, Stack, Text } from '@mantine/core';
import type { MultiStepError } from '../../../src-shared/schemas/result-payloads';

export function MultiStepErrorBlock({ error }: { error: MultiStepError }) {
  return (
    <Stack gap={4}>
      <Text size="sm" c="red" ff="monospace" style={{ whiteSpace: 'pre-wrap' }}>
        {error.message}
      </Text>
      {error.location && (
        <Text size="xs" c="dimmed" ff="monospace">
          {error.location.file}:{error.location.line}:{error.location.column}
        </Text>
      )}
      {error.snippet && (
        <Code block aria-label="Code snippet">
          {error.snippet}
        </Code>
      )}
    </Stack>
  );
}
