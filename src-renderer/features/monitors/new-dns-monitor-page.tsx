import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AccessNote } from '../../components/access';
import { PageHeader } from '../../components/page-header';
import { mutationFormState } from '../../lib/schema-form';
import { useTRPC } from '../../lib/trpc';
import { INITIAL_DNS_FORM_VALUES } from './dns-form-model';
import { DnsMonitorForm } from './dns-monitor-form';
import { useCheckCreated } from './use-check-created';

export function NewDnsMonitorPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const onCreated = useCheckCreated('is asking now.');
  const create = useMutation(trpc.checks.createDns.mutationOptions({ onSuccess: onCreated }));

  return (
    <>
      <PageHeader title="New DNS monitor" description="Asks a name server for a record and alerts when it does not answer, answers with an error code or with the wrong records." />
      <AccessNote access="write">Creating monitors needs another key</AccessNote>
      <DnsMonitorForm
        label="New DNS monitor"
        initialValues={INITIAL_DNS_FORM_VALUES}
        submitLabel="Create monitor"
        onSubmit={(body) => create.mutate(body)}
        onCancel={() => void navigate('/monitors')}
        {...mutationFormState(create, 'The server did not create the monitor')}
      />
    </>
  );
}
