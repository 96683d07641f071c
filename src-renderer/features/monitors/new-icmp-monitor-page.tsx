import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AccessNote } from '../../components/access';
import { PageHeader } from '../../components/page-header';
import { mutationFormState } from '../../lib/schema-form';
import { useTRPC } from '../../lib/trpc';
import { INITIAL_ICMP_FORM_VALUES } from './icmp-form-model';
import { IcmpMonitorForm } from './icmp-monitor-form';
import { useCheckCreated } from './use-check-created';

export function NewIcmpMonitorPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const onCreated = useCheckCreated('will start pinging on its next run.');
  const create = useMutation(trpc.checks.createIcmp.mutationOptions({ onSuccess: onCreated }));

  return (
    <>
      <PageHeader title="New ICMP monitor" description="Pings a host and alerts when it stops answering, answers slowly or loses packets." />
      <AccessNote access="write">Creating monitors needs another key</AccessNote>
      <IcmpMonitorForm
        label="New ICMP monitor"
        initialValues={INITIAL_ICMP_FORM_VALUES}
        submitLabel="Create monitor"
        onSubmit={(body) => create.mutate(body)}
        onCancel={() => void navigate('/monitors')}
        {...mutationFormState(create, 'The server did not create the monitor')}
      />
    </>
  );
}
