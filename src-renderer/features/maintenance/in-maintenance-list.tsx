import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { MaintenanceBadge } from './maintenance-badge';
import { formatWindowTime } from './maintenance-display';
import { useCurrentMaintenance } from './use-current-maintenance';

/** The dashboard's monitors in maintenance now (nothing at all when there are none). */
export function InMaintenanceList() {
  const current = [...useCurrentMaintenance().values()];
  if (current.length === 0) return null;
  return (
    <Stack gap={4} role="region" aria-label="In maintenance">
      <Group justify="space-between">
        <Text fw={700} size="lg">
          In maintenance
        </Text>
        <Anchor component={Link} to="/maintenance" size="sm">
          Maintenance windows
        </Anchor>
      </Group>
      {current.map((item) => (
        <Group key={item.checkId} gap="xs">
          <MaintenanceBadge open={item} />
          <Anchor component={Link} to={`/monitors/${item.checkId}`} size="sm">
            {item.checkName}
          </Anchor>
          <Text size="sm" c="dimmed">
            {item.windowName}, until {formatWindowTime(item.endsAt)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
