import { Text, Timeline } from '@mantine/core';
import type { IncidentUpdateView } from '../../../src-shared/schemas/status-page';
import { formatWhen } from './incident-display';
import { ProgressBadge } from './progress-badge';

/** Newest first, as a status page shows them. */
export function IncidentTimeline({ updates }: { updates: readonly IncidentUpdateView[] }) {
  const ordered = [...updates].sort((a, b) => b.publicIncidentUpdateDate.localeCompare(a.publicIncidentUpdateDate) || b.created_at.localeCompare(a.created_at));
  return (
    <Timeline active={0} bulletSize={14} lineWidth={2} aria-label="Incident updates">
      {ordered.map((update) => (
        <Timeline.Item key={update.id} title={<ProgressBadge progress={update.status} />}>
          <Text size="sm" mt={4} style={{ whiteSpace: 'pre-line' }}>
            {update.description}
          </Text>
          <Text size="xs" c="dimmed" mt={2}>
            {formatWhen(update.publicIncidentUpdateDate)}
            {update.notifySubscribers ? ' · subscribers notified' : ''}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
