import { NumberInput, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { readPayload, SslResultPayload } from '../../../src-shared/schemas/result-payloads';
import type { SslMonitorCreateInput } from '../../../src-shared/schemas/ssl-monitor';
import { LIMITS } from '../../../src-shared/schemas/limits';
import { FormFooter } from '../../components/form-footer';
import { errorMessage } from '../../lib/api-errors';
import { useTRPC } from '../../lib/trpc';
import { SslResultView } from '../results/ssl-result-view';
import { SCHEMA_ERROR_KEY, toFormErrors, type EntityFormProps } from '../../lib/schema-form';
import { AssertionsEditor } from './assertions-editor';
import { CheckCommonFields } from './check-common-fields';
import { FREQUENCY_OPTIONS } from './frequency';
import { SendNowButton, SendNowPanel } from './send-now-panel';
import { SSL_ASSERTION_SPECS, SSL_FIELD_LABELS as L, toSslCreateBody, validateSslForm, type SslFormValues } from './ssl-form-model';

export function SslMonitorForm(props: EntityFormProps<SslFormValues, SslMonitorCreateInput>) {
  const { label, initialValues, onSubmit } = props;
  const trpc = useTRPC();
  const form = useForm<SslFormValues>({ initialValues, validate: (values) => toFormErrors(validateSslForm(values)) });
  const sendNow = useMutation(trpc.console.sendNow.mutationOptions());
  const send = () => sendNow.mutate({ checkType: 'SSL', check: toSslCreateBody(form.values) });
  const ssl = sendNow.data ? readPayload(SslResultPayload, sendNow.data.sslCheckResult) : null;

  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(toSslCreateBody(values)))} aria-label={label} noValidate>
      <Stack gap="md" maw={640}>
        <TextInput label={L.name} description="Shown in lists and in alerts." placeholder="e.g. Shop certificate" withAsterisk data-autofocus {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={L.hostname}
            description="The host whose certificate is checked."
            placeholder="e.g. shop.example.com"
            withAsterisk
            spellCheck={false}
            autoCapitalize="off"
            {...form.getInputProps('hostname')}
          />
          <NumberInput label={L.port} description="The TLS port." allowDecimal={false} min={1} max={65535} {...form.getInputProps('port')} />
        </SimpleGrid>
        <TextInput
          label={L.serverName}
          description="The name sent in the handshake; empty: the hostname."
          spellCheck={false}
          autoCapitalize="off"
          {...form.getInputProps('serverName')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={L.alertDaysBeforeExpiry}
            description="The run fails when the certificate expires within this many days."
            allowDecimal={false}
            min={1}
            max={365}
            {...form.getInputProps('alertDaysBeforeExpiry')}
          />
          <NumberInput label={L.handshakeTimeoutMs} description="A handshake that takes longer fails." allowDecimal={false} {...form.getInputProps('handshakeTimeoutMs')} />
        </SimpleGrid>
        <Switch
          label={L.skipChainValidation}
          description="Accept a chain no trusted authority signed (a self-signed or private CA); expiry is still checked."
          {...form.getInputProps('skipChainValidation', { type: 'checkbox' })}
        />
        <SendNowButton pending={sendNow.isPending} onClick={send} />
        <SendNowPanel
          running={sendNow.isPending}
          result={sendNow.data ?? null}
          error={sendNow.error ? errorMessage(sendNow.error) : null}
          title="Handshake"
          runningText="Connecting once from this machine… Nothing is saved."
        >
          {ssl && <SslResultView ssl={ssl} />}
        </SendNowPanel>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput label={L.degradedResponseTime} description="A slower handshake is degraded." allowDecimal={false} {...form.getInputProps('degradedResponseTime')} />
          <NumberInput label={L.maxResponseTime} description="A slower handshake fails." allowDecimal={false} {...form.getInputProps('maxResponseTime')} />
        </SimpleGrid>
        <AssertionsEditor
          sources={SSL_ASSERTION_SPECS}
          value={form.values.assertions}
          onChange={(items) => form.setFieldValue('assertions', items)}
          errors={form.errors}
          max={LIMITS.assertions}
          description="Each must hold or the run fails: a property of the certificate (days until expiry, issuer, names…), of the connection (protocol, cipher…), or the handshake time."
        />
        <CheckCommonFields channels={form} frequencyOptions={FREQUENCY_OPTIONS} inputProps={(field, type) => form.getInputProps(field, { type: type ?? 'input' })} />
        <FormFooter schemaError={form.errors[SCHEMA_ERROR_KEY]} {...props} />
      </Stack>
    </form>
  );
}
