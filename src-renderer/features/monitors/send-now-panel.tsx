import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Gate } from '../../components/access';
import { PlayIcon } from '../../components/play-icon';
import type { ReactNode } from 'react';
import type { RunOnceResult } from '../../../src-shared/schemas/run-once';
import { RunOnceStatusBadge } from './run-once-panel';

interface SendNowPanelProps {
  running: boolean;
  result: RunOnceResult | null;
  error: string | null;
  /** "Response" for a request, "Handshake" for a certificate. */
  title?: string;
  /** What it sent for ("Sending the request once…"). */
  runningText?: string;
  /** The type's view of the result (the same one a stored result shows), null when it has none. */
  children?: ReactNode;
}

/** What "Send now" got for the unsaved check, in the view of a stored result of its type. */
export function SendNowPanel({ running, result, error, title = 'Response', runningText = 'Sending the request once from this machine… Nothing is saved.', children }: SendNowPanelProps) {
  if (!running && !result && !error) return null;
  return (
    <Paper withBorder p="md" component="section" aria-label="Send now result" aria-busy={running}>
      <Stack gap="sm">
        <Group gap="sm">
          <Title order={3} size="h4">
            {title}
          </Title>
          {result && !running && <RunOnceStatusBadge status={result.status} />}
        </Group>
        <div aria-live="polite">
          {running && (
            <Text size="sm" c="dimmed">
              {runningText}
            </Text>
          )}
          {!running && error && (
            <Alert color="red" variant="light" title="Send now did not run" role="alert">
              {error}
            </Alert>
          )}
          {!running && result && (
            <Text size="sm">
              {result.status === 'NOT_RUN' ? result.message : 'The check was not saved: add assertions over this result, then save it to run it on its schedule.'}
            </Text>
          )}
        </div>
        {!running && result && children}
      </Stack>
    </Paper>
  );
}

/**
 * The button that sends the unsaved check once. Gated to keys that may write: sending an unsaved
 * target is as much as saving it (READ_RUN keys only run stored checks).
 */
export function SendNowButton({ pending, onClick }: { pending: boolean; onClick: () => void }) {
  return (
    <Group>
      <Gate access="write">
        <Button variant="default" leftSection={<PlayIcon />} loading={pending} onClick={onClick}>
          Send now
        </Button>
      </Gate>
    </Group>
  );
}
