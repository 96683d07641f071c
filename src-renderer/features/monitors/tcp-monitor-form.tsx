import { Input, NumberInput, SegmentedControl, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IP_FAMILIES } from '../../../src-shared/enums';
import type { TcpMonitorCreateInput } from '../../../src-shared/schemas/tcp-monitor';
import { LIMITS } from '../../../src-shared/schemas/limits';
import { FormFooter } from '../../components/form-footer';
import { SCHEMA_ERROR_KEY, toFormErrors, type EntityFormProps } from '../../lib/schema-form';
import { AssertionsEditor } from './assertions-editor';
import { CheckCommonFields } from './check-common-fields';
import { FREQUENCY_OPTIONS } from './frequency';
import { TCP_ASSERTION_SOURCES, TCP_FIELD_LABELS, toTcpCreateBody, validateTcpForm, type IpFamily, type TcpFormValues } from './tcp-form-model';

type TcpMonitorFormProps = EntityFormProps<TcpFormValues, TcpMonitorCreateInput>;

export function TcpMonitorForm(props: TcpMonitorFormProps) {
  const { label, initialValues, onSubmit } = props;
  const form = useForm<TcpFormValues>({ initialValues, validate: (values) => toFormErrors(validateTcpForm(values)) });

  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(toTcpCreateBody(values)))} aria-label={label} noValidate>
      <Stack gap="md" maw={640}>
        <TextInput label={TCP_FIELD_LABELS.name} description="Shown in lists and in alerts." placeholder="e.g. Mail server port" withAsterisk data-autofocus {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={TCP_FIELD_LABELS.hostname}
            description="A host name or an IPv4/IPv6 address."
            placeholder="e.g. mail.example.net"
            withAsterisk
            spellCheck={false}
            autoCapitalize="off"
            {...form.getInputProps('hostname')}
          />
          <NumberInput label={TCP_FIELD_LABELS.port} description="1 to 65535." placeholder="e.g. 25" withAsterisk allowDecimal={false} min={1} max={65535} {...form.getInputProps('port')} />
        </SimpleGrid>
        <Textarea
          label={TCP_FIELD_LABELS.data}
          description="Sent once connected (optional). The first 4 KiB of the reply are kept and asserted on."
          autosize
          minRows={1}
          spellCheck={false}
          {...form.getInputProps('data')}
        />
        <Input.Wrapper label={TCP_FIELD_LABELS.ipFamily} description="Which address family the connection uses." labelElement="div" labelProps={{ id: 'tcp-ip-family-label' }} error={form.errors.ipFamily}>
          <SegmentedControl
            aria-labelledby="tcp-ip-family-label"
            fullWidth
            data={IP_FAMILIES.map((family) => ({ value: family, label: family }))}
            value={form.values.ipFamily}
            onChange={(value) => form.setFieldValue('ipFamily', value as IpFamily)}
          />
        </Input.Wrapper>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput label={TCP_FIELD_LABELS.degradedResponseTime} description="A run that takes this long or longer is degraded." allowDecimal={false} {...form.getInputProps('degradedResponseTime')} />
          <NumberInput
            label={TCP_FIELD_LABELS.maxResponseTime}
            description="A run that takes this long or longer fails; it is also the run's time limit."
            allowDecimal={false}
            {...form.getInputProps('maxResponseTime')}
          />
        </SimpleGrid>
        <AssertionsEditor
          sources={TCP_ASSERTION_SOURCES}
          value={form.values.assertions}
          onChange={(items) => form.setFieldValue('assertions', items)}
          errors={form.errors}
          max={LIMITS.assertions}
          description="Each must hold or the run fails: the text the peer sent back, or the time in ms."
        />
        <CheckCommonFields channels={form} frequencyOptions={FREQUENCY_OPTIONS} inputProps={(field, type) => form.getInputProps(field, { type: type ?? 'input' })} />
        <FormFooter schemaError={form.errors[SCHEMA_ERROR_KEY]} {...props} />
      </Stack>
    </form>
  );
}
