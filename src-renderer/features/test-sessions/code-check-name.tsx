import { Stack, Text } from '@mantine/core';

/** A check of a `checkly test` run: no stored monitor, so its construct's logicalId says where it lives in the code. */
export function CodeCheckName({ name, logicalId, notRunReason }: { name: string; logicalId: string; notRunReason: string | null }) {
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        {name}
      </Text>
      <Text size="xs" c="dimmed" ff="monospace">
        {logicalId}
      </Text>
      {notRunReason && (
        <Text size="xs" c="orange.9">
          {notRunReason}
        </Text>
      )}
    </Stack>
  );
}
