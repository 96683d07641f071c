import { Input, NumberInput, SegmentedControl, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IP_FAMILIES } from '../../../src-shared/enums';
import type { IcmpMonitorCreateInput } from '../../../src-shared/schemas/icmp-monitor';
import { FormFooter } from '../../components/form-footer';
import { SCHEMA_ERROR_KEY, toFormErrors, type EntityFormProps } from '../../lib/schema-form';
import { LIMITS } from '../../../src-shared/schemas/limits';
import { AssertionsEditor } from './assertions-editor';
import { ICMP_ASSERTION_SOURCES } from './assertion-model';
import { CheckCommonFields } from './check-common-fields';
import { FREQUENCY_OPTIONS } from './frequency';
import { FIELD_LABELS, toIcmpCreateBody, validateIcmpForm, type IcmpFormValues, type IpFamily } from './icmp-form-model';

type IcmpMonitorFormProps = EntityFormProps<IcmpFormValues, IcmpMonitorCreateInput>;

export function IcmpMonitorForm(props: IcmpMonitorFormProps) {
  const { label, initialValues, onSubmit } = props;
  const form = useForm<IcmpFormValues>({ initialValues, validate: (values) => toFormErrors(validateIcmpForm(values)) });

  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(toIcmpCreateBody(values)))} aria-label={label} noValidate>
      <Stack gap="md" maw={640}>
        <TextInput
          label={FIELD_LABELS.name}
          description="Shown in lists and in alerts."
          placeholder="e.g. Core router ping"
          withAsterisk
          data-autofocus
          {...form.getInputProps('name')}
        />
        <TextInput
          label={FIELD_LABELS.hostname}
          description="A host name or an IPv4/IPv6 address to ping."
          placeholder="e.g. 192.0.2.10 or router.example.net"
          withAsterisk
          spellCheck={false}
          autoCapitalize="off"
          {...form.getInputProps('hostname')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput label={FIELD_LABELS.pingCount} description="Echo requests sent per run." allowDecimal={false} {...form.getInputProps('pingCount')} />
          <Input.Wrapper
            label={FIELD_LABELS.ipFamily}
            description="Which address family ping uses."
            labelElement="div"
            labelProps={{ id: 'ip-family-label' }}
            error={form.errors.ipFamily}
          >
            <SegmentedControl
              aria-labelledby="ip-family-label"
              fullWidth
              data={IP_FAMILIES.map((family) => ({ value: family, label: family }))}
              value={form.values.ipFamily}
              onChange={(value) => form.setFieldValue('ipFamily', value as IpFamily)}
            />
          </Input.Wrapper>
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={`${FIELD_LABELS.degradedPacketLossThreshold} (%)`}
            description="A run with this much loss or more is degraded."
            suffix="%"
            {...form.getInputProps('degradedPacketLossThreshold')}
          />
          <NumberInput
            label={`${FIELD_LABELS.maxPacketLossThreshold} (%)`}
            description="A run with this much loss or more fails."
            suffix="%"
            {...form.getInputProps('maxPacketLossThreshold')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={FIELD_LABELS.degradedResponseTime}
            description="A run whose average round trip takes this long or longer is degraded."
            allowDecimal={false}
            {...form.getInputProps('degradedResponseTime')}
          />
          <NumberInput
            label={FIELD_LABELS.maxResponseTime}
            description="A run whose average round trip takes this long or longer fails."
            allowDecimal={false}
            {...form.getInputProps('maxResponseTime')}
          />
        </SimpleGrid>
        <AssertionsEditor
          sources={ICMP_ASSERTION_SOURCES}
          value={form.values.assertions}
          onChange={(items) => form.setFieldValue('assertions', items)}
          errors={form.errors}
          max={LIMITS.assertions}
          description="Each must hold or the run fails: latency in ms (average, minimum, maximum or deviation), or a JSON path into the result."
        />
        <CheckCommonFields
          channels={form}
          frequencyOptions={FREQUENCY_OPTIONS}
          inputProps={(field, type) => form.getInputProps(field, { type: type ?? 'input' })}
        />
        <FormFooter schemaError={form.errors[SCHEMA_ERROR_KEY]} {...props} />
      </Stack>
    </form>
  );
}
