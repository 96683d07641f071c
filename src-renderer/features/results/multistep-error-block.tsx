import { Badge, Code, Group, Stack, Text } from '@mantine/core';
import type { MultiStepError } from '../../../src-shared/schemas/result-payloads';

/** One error with its place and code frame; `count` > 1 when the same error occurred that often. */
export function MultiStepErrorBlock({ error, count = 1 }: { error: MultiStepError; count?: number }) {
  return (
    <Stack gap={4}>
      <Group gap="xs" align="flex-start" wrap="nowrap">
        {count > 1 && (
          <Badge size="sm" color="red" variant="light" aria-label={`occurred ${count} times`} style={{ flexShrink: 0 }}>
            × {count}
          </Badge>
        )}
        <Text size="sm" c="red" ff="monospace" style={{ whiteSpace: 'pre-wrap' }}>
          {error.message}
        </Text>
      </Group>
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
