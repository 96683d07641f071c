import { Group, NumberInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { LIMITS } from '../../../src-shared/schemas/limits';
import { FormFooter } from '../../components/form-footer';
import { errorMessage } from '../../lib/api-errors';
import { useTRPC } from '../../lib/trpc';
import { SCHEMA_ERROR_KEY, toFormErrors, type EntityFormProps } from '../../lib/schema-form';
import { AssertionsEditor } from './assertions-editor';
import { CheckCommonFields } from './check-common-fields';
import { FREQUENCY_OPTIONS } from './frequency';
import { HttpSendNowView } from './http-send-now-view';
import { SendNowButton, SendNowPanel } from './send-now-panel';
import { URL_ASSERTION_SPECS, URL_FIELD_LABELS as L, toUrlCreateBody, validateUrlForm, type UrlFormValues, type UrlMonitorCreateInput } from './url-form-model';

export function UrlMonitorForm(props: EntityFormProps<UrlFormValues, UrlMonitorCreateInput>) {
  const { label, initialValues, onSubmit } = props;
  const trpc = useTRPC();
  const form = useForm<UrlFormValues>({ initialValues, validate: (values) => toFormErrors(validateUrlForm(values)) });
  const sendNow = useMutation(trpc.console.sendNow.mutationOptions());
  const send = () => sendNow.mutate({ checkType: 'URL', check: toUrlCreateBody(form.values) });

  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(toUrlCreateBody(values)))} aria-label={label} noValidate>
      <Stack gap="md" maw={640}>
        <TextInput label={L.name} description="Shown in lists and in alerts." placeholder="e.g. Home page" withAsterisk data-autofocus {...form.getInputProps('name')} />
        <TextInput
          label={L.url}
          description="The page fetched with GET on every run."
          placeholder="https://www.example.com/"
          withAsterisk
          spellCheck={false}
          autoCapitalize="off"
          {...form.getInputProps('url')}
        />
        <Group gap="xl">
          <Switch label={L.followRedirects} {...form.getInputProps('followRedirects', { type: 'checkbox' })} />
          <Switch label={L.skipSSL} description="Accept any certificate." {...form.getInputProps('skipSSL', { type: 'checkbox' })} />
        </Group>
        <SendNowButton pending={sendNow.isPending} onClick={send} />
        <SendNowPanel running={sendNow.isPending} result={sendNow.data ?? null} error={sendNow.error ? errorMessage(sendNow.error) : null}>
          {sendNow.data && (
            <HttpSendNowView
              result={sendNow.data}
              assertions={form.values.assertions}
              sources={URL_ASSERTION_SPECS.map((spec) => spec.source)}
              max={LIMITS.assertions}
              onAdd={(item) => form.setFieldValue('assertions', [...form.values.assertions, item])}
            />
          )}
        </SendNowPanel>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput label={L.degradedResponseTime} description="A slower response is degraded." allowDecimal={false} {...form.getInputProps('degradedResponseTime')} />
          <NumberInput label={L.maxResponseTime} description="A slower response fails." allowDecimal={false} {...form.getInputProps('maxResponseTime')} />
          <NumberInput label={L.certificateExpiryDays} description="https only; empty: not checked." allowDecimal={false} min={1} max={365} {...form.getInputProps('certificateExpiryDays')} />
        </SimpleGrid>
        <AssertionsEditor
          sources={URL_ASSERTION_SPECS}
          value={form.values.assertions}
          onChange={(items) => form.setFieldValue('assertions', items)}
          errors={form.errors}
          max={LIMITS.assertions}
          description="The status code the page must answer with; none: any answer below 400 passes."
        />
        <CheckCommonFields channels={form} frequencyOptions={FREQUENCY_OPTIONS} inputProps={(field, type) => form.getInputProps(field, { type: type ?? 'input' })} />
        <FormFooter schemaError={form.errors[SCHEMA_ERROR_KEY]} {...props} />
      </Stack>
    </form>
  );
}
