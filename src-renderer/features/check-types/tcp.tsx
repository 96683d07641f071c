import { tcpValuesOf } from '../monitors/tcp-form-model';
import { TcpMonitorForm } from '../monitors/tcp-monitor-form';
import { NewTcpMonitorPage } from '../monitors/new-tcp-monitor-page';
import { TcpResultView } from '../results/tcp-result-view';
import type { ConsoleCheckType } from './console-check-type';

export const TCP_CONSOLE: ConsoleCheckType<'TCP'> = {
  NewPage: NewTcpMonitorPage,
  EditForm: ({ id: _id, check, onSave, ...form }) => <TcpMonitorForm initialValues={tcpValuesOf(check)} onSubmit={onSave} {...form} />,
  ResultView: ({ result }) => (result.tcpCheckResult ? <TcpResultView tcp={result.tcpCheckResult} /> : null),
  update: (client, id, patch) => client.checks.updateTcp.mutate({ id, patch }),
};
