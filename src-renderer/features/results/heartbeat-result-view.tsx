import { Code, Stack, Text, Title } from '@mantine/core';
import { StatGrid } from '../../components/stat-grid';
import { formatMs, type CheckResultView } from './result-display';

type HeartbeatPayload = NonNullable<CheckResultView['heartbeatCheckResult']>;

const EVENTS: Record<HeartbeatPayload['event'], string> = {
  PING: 'Ping',
  START: 'Start ping (…/start)',
  FAIL: 'Fail ping (…/fail)',
  MISSED: 'No ping in time',
  RUN_NEVER_FINISHED: 'A run started and never finished',
};

export function HeartbeatResultView({ heartbeat }: { heartbeat: HeartbeatPayload }) {
  return (
    <Stack gap="md">
      <StatGrid
        label="Heartbeat"
        stats={[
          { label: 'Event', value: EVENTS[heartbeat.event] },
          { label: 'State', value: heartbeat.state },
          { label: 'From', value: heartbeat.sourceAddress ? `${heartbeat.method ?? ''} ${heartbeat.sourceAddress}` : '—' },
          { label: 'User agent', value: heartbeat.userAgent ?? '—' },
          { label: 'Run took', value: heartbeat.runDurationMs === null ? '—' : formatMs(heartbeat.runDurationMs) },
          { label: 'Due by', value: heartbeat.deadline ?? '—' },
          { label: 'Previous ping', value: heartbeat.previousPingAt ?? 'none' },
        ]}
      />
      {heartbeat.note ? (
        <Text size="sm" role="note">
          {heartbeat.note}
        </Text>
      ) : null}
      {heartbeat.body !== null ? (
        <Stack gap={4}>
          <Title order={4}>Body</Title>
          <Text size="xs" c="dimmed">
            {heartbeat.bodyTruncated ? `First 10 KiB of ${heartbeat.bodyBytes} bytes.` : `${heartbeat.bodyBytes} bytes.`}
          </Text>
          <Code block aria-label="Ping body" mah={360} style={{ overflow: 'auto' }}>
            {heartbeat.body}
          </Code>
        </Stack>
      ) : null}
    </Stack>
  );
}
