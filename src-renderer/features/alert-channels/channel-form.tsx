import { Divider, Group, NumberInput, Select, SimpleGrid, Stack, Switch } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ALERT_CHANNEL_TYPES, type AlertChannelCreateInput, type AlertChannelType } from '../../../src-shared/schemas/alert-channel';
import { FormFooter } from '../../components/form-footer';
import { SCHEMA_ERROR_KEY, toFormErrors, type EntityFormProps } from '../../lib/schema-form';
import { CHANNEL_TYPE_LABELS } from './channel-display';
import { ChannelConfigFields } from './channel-config-fields';
import { CHANNEL_LABELS, toChannelBody, validateChannelForm, type ChannelFormValues } from './channel-form-model';

type ChannelFormProps = EntityFormProps<ChannelFormValues, AlertChannelCreateInput>;

const TYPE_OPTIONS = ALERT_CHANNEL_TYPES.map((type) => ({ value: type, label: CHANNEL_TYPE_LABELS[type] }));

export function ChannelForm(props: ChannelFormProps) {
  const { label, initialValues, onSubmit } = props;
  const form = useForm<ChannelFormValues>({ initialValues, validate: (values) => toFormErrors(validateChannelForm(values)) });

  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(toChannelBody(values)))} aria-label={label} noValidate>
      <Stack gap="md" maw={760}>
        <Select
          label="Type"
          data={TYPE_OPTIONS}
          allowDeselect={false}
          value={form.values.type}
          onChange={(type) => {
            form.setFieldValue('type', type as AlertChannelType);
            form.clearErrors();
          }}
        />
        <ChannelConfigFields form={form} />
        <Divider label="When to send" labelPosition="left" />
        <Group gap="xl">
          <Switch label="Failures" {...form.getInputProps('sendFailure', { type: 'checkbox' })} />
          <Switch label="Recoveries" {...form.getInputProps('sendRecovery', { type: 'checkbox' })} />
          <Switch label="Degraded runs" {...form.getInputProps('sendDegraded', { type: 'checkbox' })} />
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Switch label="SSL certificate expiry" mt="lg" {...form.getInputProps('sslExpiry', { type: 'checkbox' })} />
          <NumberInput label={CHANNEL_LABELS.sslExpiryThreshold} description="1–30." allowDecimal={false} disabled={!form.values.sslExpiry} {...form.getInputProps('sslExpiryThreshold')} />
        </SimpleGrid>
        <Switch
          label="Agent offline and back-online notices"
          description="One notice when an agent loses its own network (its checks then do not alert) and one when it is back."
          {...form.getInputProps('sendSystemNotices', { type: 'checkbox' })}
        />
        <Switch
          label="Subscribe new monitors automatically"
          description="Every monitor created from now on sends its alerts here."
          {...form.getInputProps('autoSubscribe', { type: 'checkbox' })}
        />
        <FormFooter schemaError={form.errors[SCHEMA_ERROR_KEY]} {...props} />
      </Stack>
    </form>
  );
}
