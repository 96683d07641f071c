import { Alert, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { RunOnceResult } from '../../../src-shared/schemas/run-once';
import { RunOnceStatusBadge } from './run-once-panel';
import { HttpResultView, readHttpPayload } from '../results/http-result-view';


/** The response "Send now" got for the unsaved request, in the view of a stored API result. */
export function SendNowPanel({ running, result, error }: { running: boolean; result: RunOnceResult | null; error: string | null }) {
  if (!running && !result && !error) return null;
  const http = result ? readHttpPayload(result.apiCheckResult) : null;
  return (
    <Paper withBorder p="md" component="section" aria-label="Send now result" aria-busy={running}>
      <Stack gap="sm">
        <Group gap="sm">
          <Title order={3} size="h4">
            Response
          </Title>
          {result && !running && <RunOnceStatusBadge status={result.status} />}
        </Group>
        <div aria-live="polite">
          {running && (
            <Text size="sm" c="dimmed">
              Sending the request once from this machine… Nothing is saved.
            </Text>
          )}
          {!running && error && (
            <Alert color="red" variant="light" title="The request was not sent" role="alert">
              {error}
            </Alert>
          )}
          {!running && result && (
            <Text size="sm">
              {result.status === 'NOT_RUN' ? result.message : 'The check was not saved: add assertions over this response, then save it to run it on its schedule.'}
            </Text>
          )}
        </div>
        {!running && http && <HttpResultView http={http} />}
      </Stack>
    </Paper>
  );
}
