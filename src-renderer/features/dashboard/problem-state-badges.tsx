import { Badge, Group } from '@mantine/core';
import { MaintenanceBadge } from '../maintenance/maintenance-badge';
import type { CheckInMaintenanceView } from '../maintenance/use-current-maintenance';
import { HEALTH_DISPLAY } from '../monitors/monitor-health';
import { FlappingBadge } from '../monitors/flapping-badge';
import { MutedMark } from './muted-mark';
import type { DashboardSummary } from './use-dashboard-summary';

/** A failing, degraded or flapping monitor's state, whether it will alert (muted), and its maintenance: the same on the wide table and the phone list. */
export function ProblemStateBadges({ row, maintenance }: { row: DashboardSummary['problems']['items'][number]; maintenance: CheckInMaintenanceView | undefined }) {
  return (
    <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
      <Badge size="sm" color={HEALTH_DISPLAY[row.health].color}>
        {HEALTH_DISPLAY[row.health].label}
      </Badge>
      {row.flapping && <FlappingBadge />}
      {row.muted && <MutedMark />}
      <MaintenanceBadge open={maintenance} />
    </Group>
  );
}
