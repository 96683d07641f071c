import { multiStepValuesOf } from '../monitors/multistep-form-model';
import { MultiStepCheckForm } from '../monitors/multistep-check-form';
import { NewMultiStepCheckPage } from '../monitors/new-multistep-check-page';
import { MultiStepResultView } from '../results/multistep-result-view';
import { MultiStepCheckResult, readPayload } from '../../../src-shared/schemas/result-payloads';
import type { ConsoleCheckType } from './console-check-type';

export const MULTI_STEP_CONSOLE: ConsoleCheckType<'MULTI_STEP'> = {
  NewPage: NewMultiStepCheckPage,
  EditForm: ({ id, check, onSave, ...form }) => <MultiStepCheckForm checkId={id} initialValues={multiStepValuesOf(check)} onSubmit={onSave} {...form} />,
  ResultView: ({ result }) => {
    const multiStep = readPayload(MultiStepCheckResult, result.multiStepCheckResult);
    return multiStep ? <MultiStepResultView multiStep={multiStep} assertions={result.multiStepCheckResult?.assertions} /> : null;
  },
  update: (client, id, patch) => client.checks.updateMultiStep.mutate({ id, patch }),
};
