import { PlainBadge } from '../../components/plain-controls';
import { formatWindowTime } from './maintenance-display';
import type { CheckInMaintenanceView } from './use-current-maintenance';

/** "Maintenance" beside a monitor's state while one of its windows is open: its scheduled runs are paused. */
export function MaintenanceBadge({ open, size = 'sm' }: { open: CheckInMaintenanceView | undefined; size?: 'sm' | 'lg' }) {
  if (!open) return null;
  return (
    <PlainBadge
      size={size}
      variant="light"
      color="indigo"
      data-maintenance="true"
      title={`In maintenance (${open.windowName}) until ${formatWindowTime(open.endsAt)}: scheduled runs are paused, Run now still runs`}
    >
      Maintenance
    </PlainBadge>
  );
}
