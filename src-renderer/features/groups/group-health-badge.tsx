import { Badge, Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { MonitorStatusBadge } from '../monitors/monitor-status-badge';

/**
 * A group's state in the Groups list: paused, or how many of its monitors fail or are degraded;
 * "Active" only when none does (a group with a failing member is not green).
 */
export function GroupHealthBadge({ groupId, activated, muted }: { groupId: number; activated: boolean; muted: boolean }) {
  const trpc = useTRPC();
  const overview = useQuery({ ...trpc.checks.overview.queryOptions({ groupId, limit: 1, page: 1 }), enabled: activated });
  const counts = overview.data?.healthCounts;
  const problem = counts && counts.failing > 0 ? { n: counts.failing, word: 'failing', color: 'red' } : counts && counts.degraded > 0 ? { n: counts.degraded, word: 'degraded', color: 'yellow' } : null;
  if (!activated || !problem) return <MonitorStatusBadge activated={activated} muted={muted} />;
  return (
    <Group gap={4} wrap="nowrap">
      <Badge size="sm" variant="filled" color={problem.color} c={problem.color === 'yellow' ? 'dark.9' : undefined} title={`${problem.n} of its monitors ${problem.word === 'failing' ? 'fail' : 'are degraded'}`}>
        {problem.n} {problem.word}
      </Badge>
      <MonitorStatusBadge activated={activated} muted={muted} />
    </Group>
  );
}
