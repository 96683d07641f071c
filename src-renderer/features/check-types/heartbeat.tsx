import { heartbeatValuesOf } from '../monitors/heartbeat-form-model';
import { HeartbeatMonitorForm } from '../monitors/heartbeat-monitor-form';
import { NewHeartbeatMonitorPage } from '../monitors/new-heartbeat-monitor-page';
import { HeartbeatResultView } from '../results/heartbeat-result-view';
import type { ConsoleCheckType } from './console-check-type';

export const HEARTBEAT_CONSOLE: ConsoleCheckType<'HEARTBEAT'> = {
  NewPage: NewHeartbeatMonitorPage,
  EditForm: ({ id: _id, check, onSave, ...form }) => <HeartbeatMonitorForm initialValues={heartbeatValuesOf(check)} onSubmit={onSave} {...form} />,
  ResultView: ({ result }) => (result.heartbeatCheckResult ? <HeartbeatResultView heartbeat={result.heartbeatCheckResult} /> : null),
  update: (client, id, patch) => client.checks.updateHeartbeat.mutate({ id, patch }),
};
