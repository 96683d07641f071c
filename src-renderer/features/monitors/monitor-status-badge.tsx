import { Badge, Group } from '@mantine/core';

export function MonitorStatusBadge({ activated, muted }: { activated: boolean; muted: boolean }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Badge size="sm" variant="light" color={activated ? 'teal' : 'gray'}>
        {activated ? 'Active' : 'Paused'}
      </Badge>
      {muted && (
        <Badge size="sm" variant="outline" color="yellow">
          Muted
        </Badge>
      )}
    </Group>
  );
}
