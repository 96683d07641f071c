import { Badge } from '@mantine/core';

/** Beside a failing monitor whose alerts are muted (by itself or its group): on-call sees which failures nobody is told about. */
export function MutedMark() {
  return (
    <Badge size="sm" variant="light" color="yellow" data-muted="true" title="Alerts are muted for this monitor or its group: results are recorded, nobody is notified">
      Muted — will not alert
    </Badge>
  );
}
