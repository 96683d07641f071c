import { Button, Code, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { multiStepTemplate, type MultiStepTemplateId } from '../../../src-shared/rules/multistep-templates';
import type { MultiStepCheckCreateInput } from '../../../src-shared/schemas/multistep-check';
import { Gate } from '../../components/access';
import { EnvVarsEditor } from '../../components/env-vars-editor';
import { PlayIcon } from '../../components/play-icon';
import { errorMessage } from '../../lib/api-errors';
import { FormFooter } from '../../components/form-footer';
import { SCHEMA_ERROR_KEY, toFormErrors, type EntityFormProps } from '../../lib/schema-form';
import { useTRPC } from '../../lib/trpc';
import { CheckCommonFields } from './check-common-fields';
import { DependenciesEditor } from './dependencies-editor';
import {
  applyTemplate,
  MULTI_STEP_FREQUENCY_OPTIONS,
  MULTI_STEP_LABELS,
  toMultiStepBody,
  validateMultiStepForm,
  type MultiStepFormValues,
} from './multistep-form-model';
import { RunOncePanel } from './run-once-panel';
import { ScriptEditor } from './script-editor';
import { TemplatePicker } from './template-picker';

interface MultiStepCheckFormProps extends EntityFormProps<MultiStepFormValues, MultiStepCheckCreateInput> {
  /** The check being edited: its stored secrets (shown only as set) run with their stored values. */
  checkId?: string;
  /** Offer the "Start from" templates (a new check, whose script is the blank template's). */
  templates?: boolean;
}

export function MultiStepCheckForm({ checkId, templates = false, ...props }: MultiStepCheckFormProps) {
  const { label, initialValues, onSubmit } = props;
  const trpc = useTRPC();
  const form = useForm<MultiStepFormValues>({ initialValues, validate: (values) => toFormErrors(validateMultiStepForm(values)) });
  const runOnce = useMutation(trpc.console.runMultiStepOnce.mutationOptions());
  const [templateId, setTemplateId] = useState<MultiStepTemplateId>('blank');
  const startRunOnce = () => {
    const body = toMultiStepBody(form.values);
    runOnce.mutate({
      checkId,
      groupId: body.groupId,
      script: body.script ?? '',
      dependencies: body.dependencies,
      environmentVariables: body.environmentVariables,
    });
  };

  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(toMultiStepBody(values)))} aria-label={label} noValidate>
      <Stack gap="md" maw={820}>
        <TextInput
          label={MULTI_STEP_LABELS.name}
          description="Shown in lists and in alerts."
          placeholder="e.g. Checkout API flow"
          withAsterisk
          data-autofocus
          {...form.getInputProps('name')}
        />
        {templates && (
          <TemplatePicker
            current={templateId}
            edited={form.values.script !== multiStepTemplate(templateId).script}
            onApply={(template) => {
              form.setValues(applyTemplate(form.values, multiStepTemplate(templateId), template));
              setTemplateId(template.id);
            }}
          />
        )}
        <ScriptEditor
          label={MULTI_STEP_LABELS.script}
          description={
            <>
              A Playwright test using the <Code>request</Code> fixture; every step that throws fails the run.
            </>
          }
          value={form.values.script}
          onChange={(script) => form.setFieldValue('script', script)}
          error={form.errors.script}
        />
        <DependenciesEditor value={form.values.dependencies} onChange={(items) => form.setFieldValue('dependencies', items)} errors={form.errors} />
        <EnvVarsEditor
          description="Read in the script as process.env.NAME; secret values are hidden in the console."
          value={form.values.environmentVariables}
          onChange={(items) => form.setFieldValue('environmentVariables', items)}
          errors={form.errors}
        />
        <CheckCommonFields
          channels={form}
          frequencyOptions={MULTI_STEP_FREQUENCY_OPTIONS}
          inputProps={(field, type) => form.getInputProps(field, { type: type ?? 'input' })}
        />
        <FormFooter
          schemaError={form.errors[SCHEMA_ERROR_KEY]}
          {...props}
          extra={
            // Running an unsaved script is as much as saving it: READ_RUN keys only run stored checks.
            <Gate access="write">
              <Button variant="default" leftSection={<PlayIcon />} loading={runOnce.isPending} onClick={startRunOnce}>
                Run once without saving
              </Button>
            </Gate>
          }
        />
        <RunOncePanel running={runOnce.isPending} result={runOnce.data ?? null} error={runOnce.error ? errorMessage(runOnce.error) : null} />
      </Stack>
    </form>
  );
}
