import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { formatDuration, formatTime, statusLabel, type RecentSession } from './session-display';
import { SessionStatusBadge } from './session-status-badge';

interface SessionsTableProps {
  sessions: readonly RecentSession[];
  label?: string;
}

export function SessionsTable({ sessions, label = 'Sessions' }: SessionsTableProps) {
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing={4} fz="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Status</Table.Th>
            <Table.Th>Monitor</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Source</Table.Th>
            <Table.Th>Locations</Table.Th>
            <Table.Th>Started</Table.Th>
            <Table.Th>Duration</Table.Th>
            <Table.Th>Session</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sessions.map((session) => (
            <Table.Tr key={session.checkSessionId}>
              <Table.Td>
                <SessionStatusBadge status={session.status} />
              </Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/monitors/${session.checkId}`} size="sm" fw={500}>
                  {session.name}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Badge size="sm" variant="default" radius="xs">
                  {session.checkType}
                </Badge>
              </Table.Td>
              <Table.Td>{statusLabel(session.runSource)}</Table.Td>
              <Table.Td>
                <Text size="sm" truncate maw={200}>
                  {session.runLocations.join(', ')}
                </Text>
              </Table.Td>
              <Table.Td c="dimmed">{formatTime(session.startedAt)}</Table.Td>
              <Table.Td ff="monospace">{formatDuration(session.timeElapsed)}</Table.Td>
              <Table.Td>
                <Anchor component={Link} to={`/sessions/${session.checkSessionId}`} size="sm" aria-label={`Open session of ${session.name}`}>
                  Open
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
