import { ActionIcon, Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { Gate, useGate } from '../../components/access';
import { LazyTooltip } from '../../components/lazy-tooltip';
import { PlayIcon } from '../../components/play-icon';
import { PlainActionIcon } from '../../components/plain-controls';
import { errorMessage } from '../../lib/api-errors';
import { useTRPC } from '../../lib/trpc';
import { RunProgress } from '../sessions/run-progress';
import './run-now-button.css';

interface RunNowProps {
  checkId: string;
  name: string;
}

/** Runs the monitor once at once (runSource SCHEDULE_NOW); the session it started is followed live beside the button. */
function useRunNow({ checkId, name }: RunNowProps) {
  const trpc = useTRPC();
  const run = useMutation(
    trpc.checkSessions.runNow.mutationOptions({
      onError: (error) => notifications.show({ color: 'red', title: `“${name}” did not start`, message: `${errorMessage(error)} Check the monitor and try again.` }),
    }),
  );
  return { run, start: () => run.mutate({ checkId }), progress: run.data ? <RunProgress key={run.data.checkSessionId} session={run.data} /> : null };
}

/** The monitor page's labelled button. A key that may not trigger runs (READ_ONLY) gets it disabled with the reason as its tooltip. */
export function RunNowButton(props: RunNowProps) {
  const { run, start, progress } = useRunNow(props);
  const { allowed } = useGate('run');
  return (
    <Group gap="xs" wrap="nowrap">
      {progress}
      <Gate access="run">
        <Button variant="light" leftSection={<PlayIcon />} loading={run.isPending} onClick={() => allowed && start()}>
          Run now
        </Button>
      </Gate>
    </Group>
  );
}

/** A table row's icon; the table shows it only to a key that may run checks (and a disabled one, with the reason, to the others). */
export function RunNowIcon(props: RunNowProps) {
  const { run, start, progress } = useRunNow(props);
  const label = `Run ${props.name} now`;
  return (
    <div className="run-now-icon">
      {progress}
      <LazyTooltip label="Run now">
        {run.isPending ? (
          <ActionIcon variant="subtle" aria-label={label} loading onClick={start}>
            <PlayIcon />
          </ActionIcon>
        ) : (
          <PlainActionIcon variant="subtle" aria-label={label} onClick={start}>
            <PlayIcon />
          </PlainActionIcon>
        )}
      </LazyTooltip>
    </div>
  );
}
