import { Stack } from '@mantine/core';
import { heartbeatValuesOf } from '../monitors/heartbeat-form-model';
import { HeartbeatMonitorForm } from '../monitors/heartbeat-monitor-form';
import { HeartbeatPingPanel } from '../monitors/heartbeat-ping-panel';
import { NewHeartbeatMonitorPage } from '../monitors/new-heartbeat-monitor-page';
import { HeartbeatResultView } from '../results/heartbeat-result-view';
import type { ConsoleCheckType } from './console-check-type';

export const HEARTBEAT_CONSOLE: ConsoleCheckType<'HEARTBEAT'> = {
  NewPage: NewHeartbeatMonitorPage,
  EditForm: ({ id, check, onSave, ...form }) => (
    <Stack gap="lg">
      <HeartbeatPingPanel id={id} />
      <HeartbeatMonitorForm initialValues={heartbeatValuesOf(check)} onSubmit={onSave} {...form} />
    </Stack>
  ),
  ResultView: ({ result }) => (result.heartbeatCheckResult ? <HeartbeatResultView heartbeat={result.heartbeatCheckResult} /> : null),
  update: (client, id, patch) => client.checks.updateHeartbeat.mutate({ id, patch }),
};
