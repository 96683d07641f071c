import {
  Alert,
  Button,
  Group,
  Input,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IP_FAMILIES } from '../../../src-shared/enums';
import { FREQUENCY_OPTIONS } from './frequency';
import {
  FIELD_LABELS,
  INITIAL_ICMP_FORM_VALUES,
  toIcmpCreateBody,
  validateIcmpForm,
  type IcmpFormValues,
  type IpFamily,
} from './icmp-form-model';
import type { IcmpMonitorCreateInput } from '../../../src-shared/schemas/icmp-monitor';

/** Schema issues the form has no field for are kept under this key and shown above the buttons. */
const SCHEMA_ERROR_KEY = '_schema';

interface NewIcmpMonitorFormProps {
  onSubmit: (body: IcmpMonitorCreateInput) => void;
  onCancel: () => void;
  submitting: boolean;
  serverError: string | null;
}

export function NewIcmpMonitorForm({ onSubmit, onCancel, submitting, serverError }: NewIcmpMonitorFormProps) {
  const form = useForm<IcmpFormValues>({
    initialValues: INITIAL_ICMP_FORM_VALUES,
    validate: (values) => {
      const { fieldErrors, formErrors } = validateIcmpForm(values);
      return formErrors.length > 0 ? { ...fieldErrors, [SCHEMA_ERROR_KEY]: formErrors.join('\n') } : fieldErrors;
    },
  });
  const schemaError = form.errors[SCHEMA_ERROR_KEY];

  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(toIcmpCreateBody(values)))} aria-label="New ICMP monitor" noValidate>
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
          <NumberInput
            label={FIELD_LABELS.pingCount}
            description="Echo requests sent per run."
            allowDecimal={false}
            {...form.getInputProps('pingCount')}
          />
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
        <Select
          label={FIELD_LABELS.frequency}
          description="How often the check runs from each of its locations."
          data={FREQUENCY_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps('frequency')}
        />
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
        <TagsInput
          label={FIELD_LABELS.tags}
          description="Press Enter after each tag."
          placeholder="e.g. production"
          clearable
          {...form.getInputProps('tags')}
        />
        <Switch
          label={FIELD_LABELS.activated}
          description="Paused monitors keep their settings but do not run."
          {...form.getInputProps('activated', { type: 'checkbox' })}
        />
        {schemaError && (
          <Alert color="red" variant="light" title="Check these settings" role="alert" style={{ whiteSpace: 'pre-line' }}>
            {schemaError}
          </Alert>
        )}
        {serverError && (
          <Alert color="red" variant="light" title="The server did not create the monitor" role="alert">
            {serverError}
          </Alert>
        )}
        <Group gap="sm">
          <Button type="submit" loading={submitting}>
            Create monitor
          </Button>
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
