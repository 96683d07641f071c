import { Badge } from '@mantine/core';
import type { IncidentProgress } from '../../../src-shared/schemas/status-page';
import { PROGRESS_COLORS, PROGRESS_LABELS } from './incident-display';

export function ProgressBadge({ progress }: { progress: IncidentProgress }) {
  return (
    <Badge size="sm" variant="light" color={PROGRESS_COLORS[progress]}>
      {PROGRESS_LABELS[progress]}
    </Badge>
  );
}
