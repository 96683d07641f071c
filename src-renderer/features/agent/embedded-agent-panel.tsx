import { Badge, Code, Group, Paper, Text, Title } from '@mantine/core';

export function EmbeddedAgentPanel() {
  return (
    <Paper withBorder p="md" aria-label="Embedded agent" component="section">
      <Group gap="xs" mb={4}>
        <Title order={3}>Embedded agent</Title>
        <Badge size="sm" variant="light" color="teal">
          running
        </Badge>
      </Group>
      <Text size="sm">
        This machine runs checks for the <Code>local</Code> location and any public location a check names.
      </Text>
      <Text size="sm" c="dimmed" mt={4}>
        To run checks from another network, create a private location below and start an agent there with its key.
      </Text>
    </Paper>
  );
}
