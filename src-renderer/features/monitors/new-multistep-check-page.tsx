import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AccessNote } from '../../components/access';
import { PageHeader } from '../../components/page-header';
import { mutationFormState } from '../../lib/schema-form';
import { useTRPC } from '../../lib/trpc';
import { INITIAL_MULTI_STEP_FORM_VALUES } from './multistep-form-model';
import { MultiStepCheckForm } from './multistep-check-form';
import { useCheckCreated } from './use-check-created';

export function NewMultiStepCheckPage() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const onCreated = useCheckCreated('will run its script on its next run.');
  const create = useMutation(trpc.checks.createMultiStep.mutationOptions({ onSuccess: onCreated }));

  return (
    <>
      <PageHeader
        title="New multi-step check"
        description="Runs a Playwright script that calls your APIs step by step and fails when any step throws."
      />
      <AccessNote access="write">Creating monitors needs another key</AccessNote>
      <MultiStepCheckForm
        label="New multi-step check"
        templates
        initialValues={INITIAL_MULTI_STEP_FORM_VALUES}
        submitLabel="Create check"
        onSubmit={(body) => create.mutate(body)}
        onCancel={() => void navigate('/monitors')}
        {...mutationFormState(create, 'The server did not create the check')}
      />
    </>
  );
}
