import { Badge } from '@mantine/core';
import type { NotificationStatus } from '../../../src-shared/schemas/alert-notification';
import { STATUS_COLORS } from './notification-display';

export function NotificationStatusBadge({ status }: { status: NotificationStatus }) {
  return (
    <Badge size="sm" variant="light" color={STATUS_COLORS[status]} radius="xs">
      {status}
    </Badge>
  );
}
