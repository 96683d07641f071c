import { Badge } from '@mantine/core';
import { sessionStatusColor, statusLabel } from '../sessions/session-display';
import type { ResultVerdict } from './result-display';

export function ResultVerdictBadge({ verdict }: { verdict: ResultVerdict }) {
  return (
    <Badge size="sm" variant="filled" color={sessionStatusColor(verdict)} data-verdict={verdict}>
      {statusLabel(verdict)}
    </Badge>
  );
}
