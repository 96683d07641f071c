import { Alert, Button, Code, CopyButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { HeartbeatTimeline } from './heartbeat-timeline';

function CopyLine({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600}>
          {label}
        </Text>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button size="compact-xs" variant="light" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Code block aria-label={label} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {value}
      </Code>
    </Stack>
  );
}

/** Cron's schedule for a period, when cron can say it ("*\/5 * * * *"); else a daily line to adapt. */
function cronSchedule(periodMs: number): string {
  const minutes = Math.round(periodMs / 60_000);
  if (minutes >= 1 && minutes < 60 && 60 % minutes === 0) return minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`;
  const hours = Math.round(periodMs / 3_600_000);
  if (minutes % 60 === 0 && hours >= 1 && hours < 24 && 24 % hours === 0) return hours === 1 ? '0 * * * *' : `0 */${hours} * * *`;
  return '0 3 * * *';
}

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');

/** A heartbeat's ping URL with copyable curl and crontab lines, and its live state. */
export function HeartbeatPingPanel({ id }: { id: string }) {
  const trpc = useTRPC();
  const status = useQuery({ ...trpc.checks.heartbeatStatus.queryOptions({ id }), refetchInterval: 5_000 });
  if (!status.data) return null;
  const { pingUrl, state, lastPingAt, deadlineAt, runStartedAt, note, periodMs } = status.data;
  const curl = `curl -fsS -m 10 --retry 5 -o /dev/null ${pingUrl}`;
  const crontab = `${cronSchedule(periodMs)} /path/to/job.sh && ${curl}`;
  return (
    <Paper withBorder p="md" aria-label="Ping URL" component="section">
      <Stack gap="sm">
        <Title order={3}>Ping URL</Title>
        <Text size="sm">
          State <strong>{state}</strong> · last ping {when(lastPingAt)} · next due by {when(deadlineAt)}
          {runStartedAt ? ` · a run started ${when(runStartedAt)} is going` : ''}
        </Text>
        {note ? (
          <Alert color="yellow" title="Deadline moved" role="note">
            {note}
          </Alert>
        ) : null}
        <HeartbeatTimeline checkId={id} deadlineAt={deadlineAt} now={status.dataUpdatedAt} />
        <CopyLine label="Ping URL" value={pingUrl} />
        <CopyLine label="curl" value={curl} />
        <CopyLine label="crontab" value={crontab} />
        <Text size="xs" c="dimmed">
          GET, POST or HEAD all count; append /start when the job starts (its run time is measured) and /fail to report a failure. A POSTed body (its first 10 KiB) is kept with the ping.
        </Text>
      </Stack>
    </Paper>
  );
}
