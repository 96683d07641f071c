import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AccessNote } from '../../components/access';
import { PageHeader } from '../../components/page-header';
import { mutationFormState } from '../../lib/schema-form';
import { useTRPC } from '../../lib/trpc';
import { INITIAL_TCP_FORM_VALUES } from './tcp-form-model';
import { TcpMonitorForm } from './tcp-monitor-form';
import { useCheckCreated } from './use-check-created';

export function NewTcpMonitorPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const onCreated = useCheckCreated('is connecting now.');
  const create = useMutation(trpc.checks.createTcp.mutationOptions({ onSuccess: onCreated }));

  return (
    <>
      <PageHeader title="New TCP monitor" description="Connects to a port, optionally sends data, and alerts when it refuses, times out or answers wrongly." />
      <AccessNote access="write">Creating monitors needs another key</AccessNote>
      <TcpMonitorForm
        label="New TCP monitor"
        initialValues={INITIAL_TCP_FORM_VALUES}
        submitLabel="Create monitor"
        onSubmit={(body) => create.mutate(body)}
        onCancel={() => void navigate('/monitors')}
        {...mutationFormState(create, 'The server did not create the monitor')}
      />
    </>
  );
}
