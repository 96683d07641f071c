import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AccessNote } from '../../components/access';
import { PageHeader } from '../../components/page-header';
import { mutationFormState } from '../../lib/schema-form';
import { useTRPC } from '../../lib/trpc';
import { INITIAL_GRPC_FORM_VALUES } from './grpc-form-model';
import { GrpcMonitorForm } from './grpc-monitor-form';
import { useCheckCreated } from './use-check-created';

export function NewGrpcMonitorPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const onCreated = useCheckCreated('is calling now.');
  const create = useMutation(trpc.checks.createGrpc.mutationOptions({ onSuccess: onCreated }));

  return (
    <>
      <PageHeader title="New gRPC monitor" description="Calls a gRPC server's health check or one of its methods, and alerts when it is unreachable, unhealthy or answers wrongly." />
      <AccessNote access="write">Creating monitors needs another key</AccessNote>
      <GrpcMonitorForm
        label="New gRPC monitor"
        initialValues={INITIAL_GRPC_FORM_VALUES}
        submitLabel="Create monitor"
        onSubmit={(body) => create.mutate(body)}
        onCancel={() => void navigate('/monitors')}
        {...mutationFormState(create, 'The server did not create the monitor')}
      />
    </>
  );
}
