import { Code, Stack, Text, Title } from '@mantine/core';

/** What the probe tool printed, as it printed it (the runner keeps the first 16 KiB). */
export function RawOutputBlock({ title, output }: { title: string; output: string | undefined }) {
  return (
    <Stack gap={4}>
      <Title order={4}>{title}</Title>
      {output ? (
        <Code block aria-label={title} mah={360} style={{ overflow: 'auto' }}>
          {output}
        </Code>
      ) : (
        <Text size="sm" c="dimmed">
          Not kept for this result (results recorded before Sightline kept the tool&apos;s output have none).
        </Text>
      )}
    </Stack>
  );
}
