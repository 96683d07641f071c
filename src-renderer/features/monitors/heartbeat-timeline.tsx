import { Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

const WINDOW_MS = 6 * 3_600_000;
const WIDTH = 600;
const HEIGHT = 28;

/**
 * The heartbeat's results of the last 6 hours on a time line: a green tick per ping, a red one per
 * failure (a missed deadline, a run that never finished, a `/fail`), and the next deadline.
 */
export function HeartbeatTimeline({ checkId, deadlineAt, now }: { checkId: string; deadlineAt: string | null; now: number }) {
  const trpc = useTRPC();
  const results = useQuery({ ...trpc.checkResults.list.queryOptions({ checkId, query: { limit: 100, page: 1, resultType: 'FINAL' } }), refetchInterval: 5_000 });
  const items = results.data?.items ?? [];
  const from = now - WINDOW_MS;
  const x = (t: number) => Math.max(0, Math.min(WIDTH, ((t - from) / WINDOW_MS) * WIDTH));
  const marks = items
    .map((item) => ({ at: Date.parse(item.startedAt), failed: item.hasFailures }))
    .filter((mark) => Number.isFinite(mark.at) && mark.at >= from);
  const pings = marks.filter((mark) => !mark.failed).length;
  const failures = marks.length - pings;
  const deadline = deadlineAt ? Date.parse(deadlineAt) : Number.NaN;
  const summary = `${pings} ping${pings === 1 ? '' : 's'} and ${failures} failure${failures === 1 ? '' : 's'} in the last 6 hours`;
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        Pings, last 6 hours
      </Text>
      <svg role="img" aria-label={`Ping timeline: ${summary}`} viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" height={HEIGHT} preserveAspectRatio="none">
        <line x1={0} x2={WIDTH} y1={HEIGHT / 2} y2={HEIGHT / 2} stroke="var(--mantine-color-gray-4)" strokeWidth={1} />
        {marks.map((mark, i) => (
          <rect key={i} x={x(mark.at) - 1.5} y={4} width={3} height={HEIGHT - 8} fill={mark.failed ? 'var(--mantine-color-red-7)' : 'var(--mantine-color-teal-7)'}>
            <title>{`${mark.failed ? 'Failure' : 'Ping'} at ${new Date(mark.at).toLocaleString()}`}</title>
          </rect>
        ))}
        {Number.isFinite(deadline) && deadline <= now + 60_000 ? <line x1={x(deadline)} x2={x(deadline)} y1={0} y2={HEIGHT} stroke="var(--mantine-color-orange-7)" strokeDasharray="3 2" /> : null}
      </svg>
      <Text size="xs" c="dimmed">
        {summary}. Each result is listed under Recent results below.
      </Text>
    </Stack>
  );
}
