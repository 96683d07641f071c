import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AccessNote } from '../../components/access';
import { PageHeader } from '../../components/page-header';
import { mutationFormState } from '../../lib/schema-form';
import { useTRPC } from '../../lib/trpc';
import { INITIAL_HEARTBEAT_FORM_VALUES } from './heartbeat-form-model';
import { HeartbeatMonitorForm } from './heartbeat-monitor-form';
import { useCheckCreated } from './use-check-created';

export function NewHeartbeatMonitorPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const onCreated = useCheckCreated('waits for its first ping: copy its ping URL from the monitor.');
  const create = useMutation(trpc.checks.createHeartbeat.mutationOptions({ onSuccess: onCreated }));

  return (
    <>
      <PageHeader title="New heartbeat monitor" description="Your cron job or script pings its URL when it runs; Sightline alerts when no ping comes within the period plus grace." />
      <AccessNote access="write">Creating monitors needs another key</AccessNote>
      <HeartbeatMonitorForm
        label="New heartbeat monitor"
        initialValues={INITIAL_HEARTBEAT_FORM_VALUES}
        submitLabel="Create monitor"
        onSubmit={(body) => create.mutate(body)}
        onCancel={() => void navigate('/monitors')}
        {...mutationFormState(create, 'The server did not create the monitor')}
      />
    </>
  );
}
