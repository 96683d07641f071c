import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AccessNote } from '../../components/access';
import { PageHeader } from '../../components/page-header';
import { mutationFormState } from '../../lib/schema-form';
import { useTRPC } from '../../lib/trpc';
import { INITIAL_API_FORM_VALUES } from './api-form-model';
import { ApiCheckForm } from './api-check-form';
import { useCheckCreated } from './use-check-created';

export function NewApiCheckPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const onCreated = useCheckCreated('sends its first request now.');
  const create = useMutation(trpc.checks.createApi.mutationOptions({ onSuccess: onCreated }));

  return (
    <>
      <PageHeader title="New API check" description="Sends a request and checks its answer: status, headers, JSON body, response time." />
      <AccessNote access="write">Creating checks needs another key</AccessNote>
      <ApiCheckForm
        label="New API check"
        initialValues={INITIAL_API_FORM_VALUES}
        submitLabel="Create check"
        onSubmit={(body) => create.mutate(body)}
        onCancel={() => void navigate('/monitors')}
        {...mutationFormState(create, 'The server did not create the check')}
      />
    </>
  );
}
