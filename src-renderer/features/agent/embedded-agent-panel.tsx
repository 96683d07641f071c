import { Badge, Code, Group, Paper, Text, Title } from '@mantine/core';
import { AgentLanes } from './agent-lanes';

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
      <Text size="sm" c="dimmed" mt={4} mb="sm">
        To run checks from another network, create a private location below and start an agent there with its key.
      </Text>
      <Text size="sm" mb="xs">
        Each check type runs in its own lane. A run that cannot start before its next one is due is skipped, which is not a failure of its target.
      </Text>
      <AgentLanes />
    </Paper>
  );
}
