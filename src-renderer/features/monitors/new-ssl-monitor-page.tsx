import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AccessNote } from '../../components/access';
import { PageHeader } from '../../components/page-header';
import { mutationFormState } from '../../lib/schema-form';
import { useTRPC } from '../../lib/trpc';
import { INITIAL_SSL_FORM_VALUES } from './ssl-form-model';
import { SslMonitorForm } from './ssl-monitor-form';
import { useCheckCreated } from './use-check-created';

export function NewSslMonitorPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const onCreated = useCheckCreated('checks its certificate now and on every run.');
  const create = useMutation(trpc.checks.createSsl.mutationOptions({ onSuccess: onCreated }));

  return (
    <>
      <PageHeader title="New SSL monitor" description="Connects with TLS and alerts before the certificate expires, or when its chain is not trusted." />
      <AccessNote access="write">Creating monitors needs another key</AccessNote>
      <SslMonitorForm
        label="New SSL monitor"
        initialValues={INITIAL_SSL_FORM_VALUES}
        submitLabel="Create monitor"
        onSubmit={(body) => create.mutate(body)}
        onCancel={() => void navigate('/monitors')}
        {...mutationFormState(create, 'The server did not create the monitor')}
      />
    </>
  );
}
