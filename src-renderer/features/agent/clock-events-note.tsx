import { Alert, List } from '@mantine/core';
import { clockEventSentence, type ClockEventView } from '../../../src-shared/rules/clock-events';
import { formatAt } from '../../lib/date-time';

/** Suspensions and wall-clock steps of the last hour: Sightline's own events, never its targets'. */
export function ClockEventsNote({ events }: { events: ClockEventView[] }) {
  if (events.length === 0) return null;
  return (
    <Alert color="gray" variant="light" title="Sightline's own time gaps in the last hour" role="status">
      <List size="sm" spacing={2}>
        {events.map((event) => (
          <List.Item key={`${event.kind}-${event.at}`}>{clockEventSentence(event, formatAt)}</List.Item>
        ))}
      </List>
    </Alert>
  );
}
