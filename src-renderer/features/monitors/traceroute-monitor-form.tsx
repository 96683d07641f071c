import { NumberInput, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IP_FAMILIES } from '../../../src-shared/enums';
import { TRACEROUTE_PROTOCOLS, type TracerouteMonitorCreateInput } from '../../../src-shared/schemas/traceroute-monitor';
import { FormFooter } from '../../components/form-footer';
import { SCHEMA_ERROR_KEY, toFormErrors, type EntityFormProps } from '../../lib/schema-form';
import { LIMITS } from '../../../src-shared/schemas/limits';
import { AssertionsEditor } from './assertions-editor';
import { TRACEROUTE_ASSERTION_SOURCES } from './assertion-model';
import { CheckCommonFields } from './check-common-fields';
import { FREQUENCY_OPTIONS } from './frequency';
import { TRACEROUTE_LABELS as L, toTracerouteBody, validateTracerouteForm, type TracerouteFormValues } from './traceroute-form-model';

type TracerouteMonitorFormProps = EntityFormProps<TracerouteFormValues, TracerouteMonitorCreateInput>;

export function TracerouteMonitorForm(props: TracerouteMonitorFormProps) {
  const { label, initialValues, onSubmit } = props;
  const form = useForm<TracerouteFormValues>({ initialValues, validate: (values) => toFormErrors(validateTracerouteForm(values)) });

  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(toTracerouteBody(values)))} aria-label={label} noValidate>
      <Stack gap="md" maw={720}>
        <TextInput label={L.name} description="Shown in lists and in alerts." placeholder="e.g. Path to the data centre" withAsterisk data-autofocus {...form.getInputProps('name')} />
        <TextInput
          label={L.url}
          description="The host name or IP address the route is traced to."
          placeholder="e.g. 198.51.100.7 or api.example.com"
          withAsterisk
          spellCheck={false}
          autoCapitalize="off"
          {...form.getInputProps('url')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Select label={L.protocol} data={[...TRACEROUTE_PROTOCOLS]} allowDeselect={false} {...form.getInputProps('protocol')} />
          <NumberInput label={L.port} description="TCP, UDP and SCTP only." placeholder="default" allowDecimal={false} {...form.getInputProps('port')} />
          <Select label={L.ipFamily} data={[...IP_FAMILIES]} allowDeselect={false} {...form.getInputProps('ipFamily')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberInput label={L.maxHops} description="1–64." allowDecimal={false} {...form.getInputProps('maxHops')} />
          <NumberInput label={L.maxUnknownHops} description="Stop after this many silent hops." placeholder="no limit" allowDecimal={false} {...form.getInputProps('maxUnknownHops')} />
          <NumberInput label={L.timeout} description="Per probe, 1–30 seconds." allowDecimal={false} {...form.getInputProps('timeout')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput label={L.degradedResponseTime} description="Slower runs are degraded." allowDecimal={false} {...form.getInputProps('degradedResponseTime')} />
          <NumberInput label={L.maxResponseTime} description="Slower runs fail." allowDecimal={false} {...form.getInputProps('maxResponseTime')} />
        </SimpleGrid>
        <Switch label={L.ptrLookup} description="Look up a DNS name for every hop (slower)." {...form.getInputProps('ptrLookup', { type: 'checkbox' })} />
        <AssertionsEditor
          sources={TRACEROUTE_ASSERTION_SOURCES}
          value={form.values.assertions}
          onChange={(items) => form.setFieldValue('assertions', items)}
          errors={form.errors}
          max={LIMITS.assertions}
          description="Each must hold or the run fails: the last hop's response time in ms, the number of hops, or the last hop's packet loss in %."
        />
        <CheckCommonFields
          channels={form} frequencyOptions={FREQUENCY_OPTIONS} inputProps={(field, type) => form.getInputProps(field, { type: type ?? 'input' })} />
        <FormFooter schemaError={form.errors[SCHEMA_ERROR_KEY]} {...props} />
      </Stack>
    </form>
  );
}
