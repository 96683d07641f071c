import { Button, Divider, Group, NumberInput, Paper, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeliverySettingsView } from '../../../src-shared/schemas/delivery-settings';
import { Gate } from '../../components/access';
import { FormAlerts } from '../../components/form-alerts';
import { LoadingBlock } from '../../components/loading-block';
import { QueryError } from '../../components/query-error';
import { errorMessage } from '../../lib/api-errors';
import { SCHEMA_ERROR_KEY, toFormErrors } from '../../lib/schema-form';
import { useTRPC } from '../../lib/trpc';
import { DELIVERY_LABELS as L, deliveryValuesOf, toDeliveryBody, validateDelivery, type DeliveryValues } from './delivery-form-model';
import { SecretField } from '../../components/secret-field';

export function DeliverySettingsPanel() {
  const trpc = useTRPC();
  const settings = useQuery(trpc.alerts.getDeliverySettings.queryOptions());
  return (
    <Paper withBorder p="md">
      <Title order={3}>Delivery</Title>
      <Text size="sm" c="dimmed" mb="sm">
        How notifications leave this server: the mail relay, the provider APIs, the per-channel rate limit and the address links in alerts point to.
      </Text>
      {settings.isPending && <LoadingBlock label="Loading delivery settings" />}
      {settings.isError && <QueryError title="The delivery settings could not be loaded" error={settings.error} onRetry={() => void settings.refetch()} />}
      {/* Re-keyed on every save so the secret fields empty and the "set" badges follow the answer. */}
      {settings.data && <DeliveryForm key={settings.dataUpdatedAt} view={settings.data} />}
    </Paper>
  );
}

function DeliveryForm({ view }: { view: DeliverySettingsView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<DeliveryValues>({ initialValues: deliveryValuesOf(view), validate: (values) => toFormErrors(validateDelivery(values)) });
  const save = useMutation(
    trpc.alerts.setDeliverySettings.mutationOptions({
      onSuccess: (saved) => {
        notifications.show({ color: 'teal', title: 'Delivery settings saved', message: 'Notifications use them from the next delivery.' });
        queryClient.setQueryData(trpc.alerts.getDeliverySettings.queryKey(), saved);
      },
    }),
  );
  const input = (path: string) => form.getInputProps(path);

  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(toDeliveryBody(values)))} aria-label="Delivery settings" noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={L.publicBaseUrl} description="Links in alerts point here." withAsterisk {...input('publicBaseUrl')} />
          <Group grow align="flex-start">
            <NumberInput label={L['rateLimit.max']} description="Per channel; more are grouped into one digest, sent when the budget has room." allowDecimal={false} min={1} clampBehavior="none" {...input('rateLimit.max')} />
            <NumberInput label={L['rateLimit.windowMinutes']} description="1–1440." allowDecimal={false} min={1} clampBehavior="none" {...input('rateLimit.windowMinutes')} />
          </Group>
        </SimpleGrid>
        <NumberInput label="Delivery timeout (ms)" description="1000–120000 per request." allowDecimal={false} w={260} {...input('timeoutMs')} />

        <Divider label="Email (SMTP)" labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label={L['smtp.host']} {...input('smtp.host')} />
          <NumberInput label={L['smtp.port']} allowDecimal={false} min={1} max={65535} clampBehavior="none" {...input('smtp.port')} />
          <Switch label="TLS from the start (port 465)" mt="xl" {...form.getInputProps('smtp.secure', { type: 'checkbox' })} />
          <TextInput label="SMTP user" placeholder="none" {...input('smtp.user')} />
          <SecretField label="SMTP password" isSet={view.smtp.passwordSet} inputProps={input('smtp.password')} />
          <TextInput label={L['smtp.from']} {...input('smtp.from')} />
        </SimpleGrid>

        <Divider label="Provider APIs" labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={L['baseUrls.slackApp']} {...input('baseUrls.slackApp')} />
          <SecretField label="Slack app token" isSet={view.slackAppTokenSet} inputProps={input('slackAppToken')} />
          <TextInput label={L['baseUrls.pagerduty']} {...input('baseUrls.pagerduty')} />
          <div />
          <TextInput label={L['baseUrls.opsgenieUs']} {...input('baseUrls.opsgenieUs')} />
          <TextInput label={L['baseUrls.opsgenieEu']} {...input('baseUrls.opsgenieEu')} />
        </SimpleGrid>

        <Divider label="SMS and calls (Twilio-compatible)" labelPosition="left" />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={L['baseUrls.twilio']} {...input('baseUrls.twilio')} />
          <TextInput label="Account SID" {...input('twilio.accountSid')} />
          <SecretField label="Auth token" isSet={view.twilio.authTokenSet} inputProps={input('twilio.authToken')} />
          <TextInput label="From number" placeholder="+14155550123" {...input('twilio.from')} />
        </SimpleGrid>

        <FormAlerts schemaError={form.errors[SCHEMA_ERROR_KEY]} serverError={save.error ? errorMessage(save.error) : null} serverTitle="The delivery settings were not saved" />
        <Group>
          <Gate access="admin">
            <Button type="submit" loading={save.isPending}>
              Save delivery settings
            </Button>
          </Gate>
        </Group>
      </Stack>
    </form>
  );
}
