import { Checkbox, Input, NumberInput, SegmentedControl, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IP_FAMILIES } from '../../../src-shared/enums';
import type { GrpcMonitorCreateInput } from '../../../src-shared/schemas/grpc-monitor';
import { LIMITS } from '../../../src-shared/schemas/limits';
import { FormFooter } from '../../components/form-footer';
import { KeyValueEditor } from '../../components/key-value-editor';
import { SCHEMA_ERROR_KEY, toFormErrors, type EntityFormProps } from '../../lib/schema-form';
import { AssertionsEditor } from './assertions-editor';
import { CheckCommonFields } from './check-common-fields';
import { FREQUENCY_OPTIONS } from './frequency';
import { GRPC_FIELD_LABELS as L, grpcAssertionSources, toGrpcCreateBody, validateGrpcForm, type GrpcFormValues, type GrpcMode, type GrpcServiceDefinition } from './grpc-form-model';

type GrpcMonitorFormProps = EntityFormProps<GrpcFormValues, GrpcMonitorCreateInput>;

export function GrpcMonitorForm(props: GrpcMonitorFormProps) {
  const { label, initialValues, onSubmit } = props;
  const form = useForm<GrpcFormValues>({ initialValues, validate: (values) => toFormErrors(validateGrpcForm(values)) });
  const { mode, serviceDefinition, tls } = form.values;

  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(toGrpcCreateBody(values)))} aria-label={label} noValidate>
      <Stack gap="md" maw={640}>
        <TextInput label={L.name} description="Shown in lists and in alerts." placeholder="e.g. Orders API health" withAsterisk data-autofocus {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={L.url} description="A host name or address, without a scheme or port." placeholder="e.g. grpc.example.com" withAsterisk spellCheck={false} autoCapitalize="off" {...form.getInputProps('url')} />
          <NumberInput label={L.port} description="1 to 65535." placeholder="e.g. 50051" withAsterisk allowDecimal={false} min={1} max={65535} {...form.getInputProps('port')} />
        </SimpleGrid>
        <Input.Wrapper label={L.mode} description="HEALTH calls grpc.health.v1.Health/Check; BEHAVIOR calls a method of yours." labelElement="div" labelProps={{ id: 'grpc-mode-label' }} error={form.errors.mode}>
          <SegmentedControl
            aria-labelledby="grpc-mode-label"
            fullWidth
            data={[
              { value: 'HEALTH', label: 'Health check' },
              { value: 'BEHAVIOR', label: 'Call a method' },
            ]}
            value={mode}
            onChange={(value) => form.setFieldValue('mode', value as GrpcMode)}
          />
        </Input.Wrapper>
        {mode === 'HEALTH' ? (
          <TextInput label={L.service} description="Empty asks about the server as a whole." placeholder="e.g. orders.v1.Orders" spellCheck={false} autoCapitalize="off" {...form.getInputProps('service')} />
        ) : (
          <>
            <TextInput label={L.method} description="package.Service/Method; unary methods only." placeholder="e.g. orders.v1.Orders/GetOrder" withAsterisk spellCheck={false} autoCapitalize="off" {...form.getInputProps('method')} />
            <Input.Wrapper label={L.serviceDefinition} description="How Sightline learns the method's messages." labelElement="div" labelProps={{ id: 'grpc-definition-label' }} error={form.errors.serviceDefinition}>
              <SegmentedControl
                aria-labelledby="grpc-definition-label"
                fullWidth
                data={[
                  { value: 'REFLECTION', label: 'Server reflection' },
                  { value: 'PROTO_FILE', label: '.proto file' },
                ]}
                value={serviceDefinition}
                onChange={(value) => form.setFieldValue('serviceDefinition', value as GrpcServiceDefinition)}
              />
            </Input.Wrapper>
            {serviceDefinition === 'PROTO_FILE' && (
              <Textarea label={L.protoContent} description="The whole .proto; imports of google/protobuf types are known." autosize minRows={4} maxRows={16} spellCheck={false} ff="monospace" withAsterisk {...form.getInputProps('protoContent')} />
            )}
            <Textarea label={L.message} description="The request as JSON; empty sends an empty message." placeholder='e.g. {"id": "42"}' autosize minRows={2} spellCheck={false} ff="monospace" {...form.getInputProps('message')} />
          </>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Checkbox label={L.tls} description="Off for plaintext (h2c)." {...form.getInputProps('tls', { type: 'checkbox' })} />
          <Checkbox label={L.skipSSL} description="Accept a certificate nobody vouches for." disabled={!tls} {...form.getInputProps('skipSSL', { type: 'checkbox' })} />
        </SimpleGrid>
        <KeyValueEditor label={L.metadata} itemNoun="Metadata entry" value={form.values.metadata} onChange={(items) => form.setFieldValue('metadata', items)} errors={form.errors} errorPath="metadata" description="Sent with the call, like HTTP headers." />
        <Input.Wrapper label={L.ipFamily} labelElement="div" labelProps={{ id: 'grpc-ip-family-label' }} error={form.errors.ipFamily}>
          <SegmentedControl aria-labelledby="grpc-ip-family-label" fullWidth data={IP_FAMILIES.map((family) => ({ value: family, label: family }))} value={form.values.ipFamily} onChange={(value) => form.setFieldValue('ipFamily', value as GrpcFormValues['ipFamily'])} />
        </Input.Wrapper>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput label={L.timeout} description="1 to 180." allowDecimal={false} min={1} max={180} {...form.getInputProps('timeout')} />
          <NumberInput label={L.degradedResponseTime} description="Slower is degraded." allowDecimal={false} {...form.getInputProps('degradedResponseTime')} />
          <NumberInput label={L.maxResponseTime} description="Slower fails; also the time limit." allowDecimal={false} {...form.getInputProps('maxResponseTime')} />
        </SimpleGrid>
        <AssertionsEditor
          sources={grpcAssertionSources(mode)}
          value={form.values.assertions}
          onChange={(items) => form.setFieldValue('assertions', items)}
          errors={form.errors}
          max={LIMITS.assertions}
          description="Each must hold or the run fails. Without a status code assertion a status other than OK fails; in HEALTH mode, without a health status assertion, anything but SERVING fails."
        />
        <CheckCommonFields channels={form} frequencyOptions={FREQUENCY_OPTIONS} inputProps={(field, type) => form.getInputProps(field, { type: type ?? 'input' })} />
        <FormFooter schemaError={form.errors[SCHEMA_ERROR_KEY]} {...props} />
      </Stack>
    </form>
  );
}
