import { Group, NumberInput, PasswordInput, Select, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { BODY_TYPES, HTTP_METHODS } from '../../../src-shared/schemas/api-check';
import { LIMITS } from '../../../src-shared/schemas/limits';
import { FormFooter } from '../../components/form-footer';
import { errorMessage } from '../../lib/api-errors';
import { useTRPC } from '../../lib/trpc';
import { EnvVarsEditor } from '../../components/env-vars-editor';
import { KeyValueEditor } from '../../components/key-value-editor';
import { SCHEMA_ERROR_KEY, toFormErrors, type EntityFormProps } from '../../lib/schema-form';
import { API_ASSERTION_SPECS, API_FIELD_LABELS as L, toApiCreateBody, validateApiForm, type ApiCheckCreateInput, type ApiFormValues, type BodyType, type HttpMethod } from './api-form-model';
import { ApiScriptsFields } from './api-scripts-fields';
import { AssertionsEditor } from './assertions-editor';
import { CheckCommonFields } from './check-common-fields';
import { FREQUENCY_OPTIONS } from './frequency';
import { HttpSendNowView } from './http-send-now-view';
import { SendNowButton, SendNowPanel } from './send-now-panel';

const BODY_PLACEHOLDER: Record<BodyType, string> = {
  JSON: '{ "name": "{{USER}}" }',
  FORM: 'name=value&other=value',
  RAW: 'Any text',
  GRAPHQL: '{ "query": "{ status }" }',
  NONE: '',
};

interface ApiCheckFormProps extends EntityFormProps<ApiFormValues, ApiCheckCreateInput> {
  /** The check being edited: its stored variables take part in "Send now". */
  checkId?: string;
}

export function ApiCheckForm({ checkId, ...props }: ApiCheckFormProps) {
  const { label, initialValues, onSubmit } = props;
  const trpc = useTRPC();
  const form = useForm<ApiFormValues>({ initialValues, validate: (values) => toFormErrors(validateApiForm(values)) });
  const sendNow = useMutation(trpc.console.sendNow.mutationOptions());
  // The whole body goes: the server reads what a run takes from it (request, thresholds, variables, scripts).
  const send = () => {
    const body = toApiCreateBody(form.values);
    sendNow.mutate({ checkType: 'API', checkId, groupId: body.groupId, check: body });
  };

  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(toApiCreateBody(values)))} aria-label={label} noValidate>
      <Stack gap="md" maw={760}>
        <TextInput label={L.name} description="Shown in lists and in alerts." placeholder="e.g. Orders API health" withAsterisk data-autofocus {...form.getInputProps('name')} />
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <Select label={L.method} w={120} data={[...HTTP_METHODS]} allowDeselect={false} {...form.getInputProps('method')} onChange={(value) => value && form.setFieldValue('method', value as HttpMethod)} />
          <TextInput
            label={L.url}
            description="http:// or https://; {{NAME}} is replaced by the check's, group's or account's variable."
            placeholder="https://api.example.com/health"
            withAsterisk
            spellCheck={false}
            autoCapitalize="off"
            flex={1}
            {...form.getInputProps('url')}
          />
        </Group>
        <KeyValueEditor
          label={L.headers}
          itemNoun="Header"
          value={form.values.headers}
          onChange={(items) => form.setFieldValue('headers', items)}
          errors={form.errors}
          errorPath="headers"
        />
        <KeyValueEditor
          label={L.queryParameters}
          itemNoun="Parameter"
          value={form.values.queryParameters}
          onChange={(items) => form.setFieldValue('queryParameters', items)}
          errors={form.errors}
          errorPath="queryParameters"
        />
        <Select
          label={L.bodyType}
          w={200}
          data={[...BODY_TYPES]}
          allowDeselect={false}
          {...form.getInputProps('bodyType')}
          onChange={(value) => value && form.setFieldValue('bodyType', value as BodyType)}
        />
        {form.values.bodyType !== 'NONE' && (
          <Textarea
            label={L.body}
            description="Sent as is; JSON and GraphQL set the content type."
            placeholder={BODY_PLACEHOLDER[form.values.bodyType]}
            autosize
            minRows={3}
            maxRows={16}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            spellCheck={false}
            {...form.getInputProps('body')}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={L.basicAuthUsername} autoComplete="off" spellCheck={false} {...form.getInputProps('basicAuthUsername')} />
          <PasswordInput label={L.basicAuthPassword} autoComplete="new-password" {...form.getInputProps('basicAuthPassword')} />
        </SimpleGrid>
        <EnvVarsEditor
          description="Used as {{NAME}} in the URL, headers, query and body, and as process.env.NAME in scripts; the group's and account's variables apply too. Secret values are hidden in the console and in results."
          value={form.values.environmentVariables}
          onChange={(items) => form.setFieldValue('environmentVariables', items)}
          errors={form.errors}
        />
        <ApiScriptsFields
          setup={form.values.localSetupScript}
          teardown={form.values.localTearDownScript}
          onSetupChange={(script) => form.setFieldValue('localSetupScript', script)}
          onTeardownChange={(script) => form.setFieldValue('localTearDownScript', script)}
          errors={form.errors}
        />
        <Group gap="xl">
          <Switch label={L.followRedirects} {...form.getInputProps('followRedirects', { type: 'checkbox' })} />
          <Switch label={L.skipSSL} description="Accept any certificate." {...form.getInputProps('skipSSL', { type: 'checkbox' })} />
          <Switch label={L.shouldFail} description="Pass when the response fails its assertions." {...form.getInputProps('shouldFail', { type: 'checkbox' })} />
        </Group>
        <SendNowButton pending={sendNow.isPending} onClick={send} />
        <SendNowPanel running={sendNow.isPending} result={sendNow.data ?? null} error={sendNow.error ? errorMessage(sendNow.error) : null}>
          {sendNow.data && (
            <HttpSendNowView
              result={sendNow.data}
              assertions={form.values.assertions}
              sources={API_ASSERTION_SPECS.map((spec) => spec.source)}
              max={LIMITS.assertions}
              onAdd={(item) => form.setFieldValue('assertions', [...form.values.assertions, item])}
            />
          )}
        </SendNowPanel>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput label={L.degradedResponseTime} description="A slower response is degraded, not failed." allowDecimal={false} {...form.getInputProps('degradedResponseTime')} />
          <NumberInput label={L.maxResponseTime} description="A slower response fails." allowDecimal={false} {...form.getInputProps('maxResponseTime')} />
          <NumberInput
            label={L.certificateExpiryDays}
            description="https only; empty: not checked."
            allowDecimal={false}
            min={1}
            max={365}
            {...form.getInputProps('certificateExpiryDays')}
          />
        </SimpleGrid>
        <AssertionsEditor
          sources={API_ASSERTION_SPECS}
          value={form.values.assertions}
          onChange={(items) => form.setFieldValue('assertions', items)}
          errors={form.errors}
          max={LIMITS.assertions}
          description="Each must hold or the run fails: the status code, a JSON path into the body, a header, the body's text, or the response time."
        />
        <CheckCommonFields channels={form} frequencyOptions={FREQUENCY_OPTIONS} inputProps={(field, type) => form.getInputProps(field, { type: type ?? 'input' })} />
        <FormFooter schemaError={form.errors[SCHEMA_ERROR_KEY]} {...props} />
      </Stack>
    </form>
  );
}
