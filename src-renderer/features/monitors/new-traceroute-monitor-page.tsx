import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AccessNote } from '../../components/access';
import { PageHeader } from '../../components/page-header';
import { mutationFormState } from '../../lib/schema-form';
import { useTRPC } from '../../lib/trpc';
import { INITIAL_TRACEROUTE_FORM_VALUES } from './traceroute-form-model';
import { TracerouteMonitorForm } from './traceroute-monitor-form';
import { useCheckCreated } from './use-check-created';

export function NewTracerouteMonitorPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const onCreated = useCheckCreated('will trace its route on its next run.');
  const create = useMutation(trpc.checks.createTraceroute.mutationOptions({ onSuccess: onCreated }));

  return (
    <>
      <PageHeader
        title="New traceroute monitor"
        description="Traces the network path to a host with mtr and alerts when the route is slow, too long or loses packets."
      />
      <AccessNote access="write">Creating monitors needs another key</AccessNote>
      <TracerouteMonitorForm
        label="New traceroute monitor"
        initialValues={INITIAL_TRACEROUTE_FORM_VALUES}
        submitLabel="Create monitor"
        onSubmit={(body) => create.mutate(body)}
        onCancel={() => void navigate('/monitors')}
        {...mutationFormState(create, 'The server did not create the monitor')}
      />
    </>
  );
}
