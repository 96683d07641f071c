import { Table } from '@mantine/core';
import { DenseTable } from '../../components/dense-table';
import { formatWait, LANE_LABEL, type LaneView } from './lane-display';

const COLUMNS = ['Lane', 'Capacity', 'Running', 'Queued', 'Runs/min', 'Oldest wait', 'Skipped (last hour)', 'Late starts'];

/** One row per execution lane of the embedded agent: what it may run at once, what it runs and what waits. */
export function LanesTable({ lanes }: { lanes: readonly LaneView[] }) {
  return (
    <DenseTable label="Execution lanes" columns={COLUMNS} hiddenColumn={null} minWidth={720}>
      {lanes.map((lane) => (
        <Table.Tr key={lane.lane}>
          <Table.Td fw={500}>{LANE_LABEL[lane.lane]}</Table.Td>
          <Table.Td ff="monospace">{lane.capacity}</Table.Td>
          <Table.Td ff="monospace">{lane.running}</Table.Td>
          <Table.Td ff="monospace" c={lane.queued > 0 ? 'orange' : undefined}>
            {lane.queued}
          </Table.Td>
          <Table.Td ff="monospace">{lane.runsPerMinute}</Table.Td>
          <Table.Td ff="monospace">{formatWait(lane.oldestWaitMs)}</Table.Td>
          <Table.Td ff="monospace" c={lane.skippedLastHour > 0 ? 'red' : undefined} fw={lane.skippedLastHour > 0 ? 600 : undefined}>
            {lane.skippedLastHour}
          </Table.Td>
          <Table.Td ff="monospace" title="Runs started more than 1 s after they were due, since the agent started">
            {lane.lateTotal}
          </Table.Td>
        </Table.Tr>
      ))}
    </DenseTable>
  );
}
