import { Badge } from '@mantine/core';
import type { IncidentSeverity } from '../../../src-shared/schemas/status-page';
import { humanLabel } from '../../lib/labels';
import { SEVERITY_COLORS } from './incident-display';

export function SeverityBadge({ severity }: { severity: IncidentSeverity }) {
  return (
    <Badge size="sm" variant="filled" color={SEVERITY_COLORS[severity]}>
      {humanLabel(severity)}
    </Badge>
  );
}
