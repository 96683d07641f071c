import { Anchor, Badge, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DenseTable } from '../../components/dense-table';
import { formatDuration, formatTime, statusLabel, type RecentSession } from './session-display';
import { SessionStatusBadge } from './session-status-badge';
import { humanLabel } from '../../lib/labels';

interface SessionsTableProps {
  sessions: readonly RecentSession[];
  label?: string;
}

const COLUMNS = ['Status', 'Monitor', 'Type', 'Source', 'Locations', 'Started', 'Duration', 'Session'];

export function SessionsTable({ sessions, label = 'Sessions' }: SessionsTableProps) {
  return (
    <DenseTable label={label} columns={COLUMNS} hiddenColumn={null} minWidth={860} verticalSpacing={4}>
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
              {humanLabel(session.checkType)}
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
    </DenseTable>
  );
}
