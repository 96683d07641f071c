import { Input, NumberInput, SegmentedControl, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DNS_PROTOCOLS, DNS_RECORD_TYPES, type DnsMonitorCreateInput } from '../../../src-shared/schemas/dns-monitor';
import { LIMITS } from '../../../src-shared/schemas/limits';
import { FormFooter } from '../../components/form-footer';
import { SCHEMA_ERROR_KEY, toFormErrors, type EntityFormProps } from '../../lib/schema-form';
import { AssertionsEditor } from './assertions-editor';
import { CheckCommonFields } from './check-common-fields';
import { DNS_ASSERTION_SOURCES, DNS_FIELD_LABELS, toDnsCreateBody, validateDnsForm, type DnsFormValues, type DnsProtocol, type DnsRecordType } from './dns-form-model';
import { FREQUENCY_OPTIONS } from './frequency';

type DnsMonitorFormProps = EntityFormProps<DnsFormValues, DnsMonitorCreateInput>;

export function DnsMonitorForm(props: DnsMonitorFormProps) {
  const { label, initialValues, onSubmit } = props;
  const form = useForm<DnsFormValues>({ initialValues, validate: (values) => toFormErrors(validateDnsForm(values)) });

  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(toDnsCreateBody(values)))} aria-label={label} noValidate>
      <Stack gap="md" maw={640}>
        <TextInput label={DNS_FIELD_LABELS.name} description="Shown in lists and in alerts." placeholder="e.g. Shop's A record" withAsterisk data-autofocus {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={DNS_FIELD_LABELS.query} description="The name to look up." placeholder="e.g. shop.example.com" withAsterisk spellCheck={false} autoCapitalize="off" {...form.getInputProps('query')} />
          <Select
            label={DNS_FIELD_LABELS.recordType}
            description="The type of record asked for."
            data={DNS_RECORD_TYPES.map((type) => ({ value: type, label: type }))}
            allowDeselect={false}
            value={form.values.recordType}
            onChange={(value) => form.setFieldValue('recordType', (value ?? 'A') as DnsRecordType)}
            error={form.errors.recordType}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={DNS_FIELD_LABELS.nameServer}
            description="An address to ask; empty asks the system's resolvers."
            placeholder="e.g. 1.1.1.1"
            spellCheck={false}
            autoCapitalize="off"
            {...form.getInputProps('nameServer')}
          />
          <NumberInput label={DNS_FIELD_LABELS.port} description="Required with a name server, usually 53." allowDecimal={false} min={1} max={65535} {...form.getInputProps('port')} />
        </SimpleGrid>
        <Input.Wrapper label={DNS_FIELD_LABELS.protocol} description="How the query travels." labelElement="div" labelProps={{ id: 'dns-protocol-label' }} error={form.errors.protocol}>
          <SegmentedControl
            aria-labelledby="dns-protocol-label"
            fullWidth
            data={DNS_PROTOCOLS.map((protocol) => ({ value: protocol, label: protocol }))}
            value={form.values.protocol}
            onChange={(value) => form.setFieldValue('protocol', value as DnsProtocol)}
          />
        </Input.Wrapper>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput label={DNS_FIELD_LABELS.degradedResponseTime} description="An answer that takes this long or longer is degraded." allowDecimal={false} {...form.getInputProps('degradedResponseTime')} />
          <NumberInput label={DNS_FIELD_LABELS.maxResponseTime} description="No answer by then fails; it is also the query's time limit." allowDecimal={false} {...form.getInputProps('maxResponseTime')} />
        </SimpleGrid>
        <AssertionsEditor
          sources={DNS_ASSERTION_SOURCES}
          value={form.values.assertions}
          onChange={(items) => form.setFieldValue('assertions', items)}
          errors={form.errors}
          max={LIMITS.assertions}
          description="Each must hold or the run fails: the response code (NOERROR, NXDOMAIN…), the answer as text, a JSON path into the answer, or the time in ms. Without a response code assertion, any code but NOERROR fails."
        />
        <CheckCommonFields channels={form} frequencyOptions={FREQUENCY_OPTIONS} inputProps={(field, type) => form.getInputProps(field, { type: type ?? 'input' })} />
        <FormFooter schemaError={form.errors[SCHEMA_ERROR_KEY]} {...props} />
      </Stack>
    </form>
  );
}
