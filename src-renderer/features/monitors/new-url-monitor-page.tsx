import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AccessNote } from '../../components/access';
import { PageHeader } from '../../components/page-header';
import { mutationFormState } from '../../lib/schema-form';
import { useTRPC } from '../../lib/trpc';
import { INITIAL_URL_FORM_VALUES } from './url-form-model';
import { UrlMonitorForm } from './url-monitor-form';
import { useCheckCreated } from './use-check-created';

export function NewUrlMonitorPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const onCreated = useCheckCreated('fetches its URL now and on every run.');
  const create = useMutation(trpc.checks.createUrl.mutationOptions({ onSuccess: onCreated }));

  return (
    <>
      <PageHeader title="New URL monitor" description="Fetches a URL and alerts when it does not answer, answers slowly or with the wrong status." />
      <AccessNote access="write">Creating monitors needs another key</AccessNote>
      <UrlMonitorForm
        label="New URL monitor"
        initialValues={INITIAL_URL_FORM_VALUES}
        submitLabel="Create monitor"
        onSubmit={(body) => create.mutate(body)}
        onCancel={() => void navigate('/monitors')}
        {...mutationFormState(create, 'The server did not create the monitor')}
      />
    </>
  );
}
