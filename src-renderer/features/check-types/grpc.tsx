import { grpcValuesOf } from '../monitors/grpc-form-model';
import { GrpcMonitorForm } from '../monitors/grpc-monitor-form';
import { NewGrpcMonitorPage } from '../monitors/new-grpc-monitor-page';
import { GrpcResultView } from '../results/grpc-result-view';
import type { ConsoleCheckType } from './console-check-type';

export const GRPC_CONSOLE: ConsoleCheckType<'GRPC'> = {
  NewPage: NewGrpcMonitorPage,
  EditForm: ({ id: _id, check, onSave, ...form }) => <GrpcMonitorForm initialValues={grpcValuesOf(check)} onSubmit={onSave} {...form} />,
  ResultView: ({ result }) => (result.grpcCheckResult ? <GrpcResultView grpc={result.grpcCheckResult} /> : null),
  update: (client, id, patch) => client.checks.updateGrpc.mutate({ id, patch }),
};
