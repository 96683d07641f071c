import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { Gate, useGate } from '../../components/access';
import { PlayIcon } from '../../components/play-icon';
import { errorMessage } from '../../lib/api-errors';
import { useTRPC } from '../../lib/trpc';
import { RunProgress } from '../sessions/run-progress';

interface RunNowButtonProps {
  checkId: string;
  name: string;
  /** An icon for table rows, a labelled button on the monitor page. */
  compact?: boolean;
}

/**
 * Runs the monitor once at once (runSource SCHEDULE_NOW) and follows that session live. A key that
 * may not trigger runs (READ_ONLY) gets the button disabled with the reason as its tooltip.
 */
export function RunNowButton({ checkId, name, compact = false }: RunNowButtonProps) {
  const trpc = useTRPC();
  const run = useMutation(
    trpc.checkSessions.runNow.mutationOptions({
      onError: (error) => notifications.show({ color: 'red', title: `“${name}” did not start`, message: `${errorMessage(error)} Check the monitor and try again.` }),
    }),
  );
  const { allowed } = useGate('run');
  const start = () => {
    if (allowed) run.mutate({ checkId });
  };
  return (
    <Group gap="xs" wrap="nowrap">
      {run.data && <RunProgress key={run.data.checkSessionId} session={run.data} />}
      {compact ? (
        allowed ? (
          <Tooltip label="Run now" withArrow>
            <ActionIcon variant="subtle" aria-label={`Run ${name} now`} loading={run.isPending} onClick={start}>
              <PlayIcon />
            </ActionIcon>
          </Tooltip>
        ) : (
          <Gate access="run">
            <ActionIcon variant="subtle" aria-label={`Run ${name} now`}>
              <PlayIcon />
            </ActionIcon>
          </Gate>
        )
      ) : (
        <Gate access="run">
          <Button variant="light" leftSection={<PlayIcon />} loading={run.isPending} onClick={start}>
            Run now
          </Button>
        </Gate>
      )}
    </Group>
  );
}
