import { Group, Select, SimpleGrid, Stack, TagsInput, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { labelledOptions } from '../../lib/labels';
import { OPSGENIE_PRIORITIES, OPSGENIE_REGIONS, WEBHOOK_METHODS, WEBHOOK_TYPES } from '../../../src-shared/schemas/alert-channel';
import { SECRET_MASK } from '../../../src-shared/rules/secrets';
import { KeyValueEditor } from '../../components/key-value-editor';
import { SecretField } from '../../components/secret-field';
import { CHANNEL_LABELS as L, credentialIsSet, type ChannelFormValues } from './channel-form-model';

const MASKED_VALUES = `Values of credential headers and parameters (Authorization, API keys, tokens, cookies) and locked ones are never shown: ${SECRET_MASK} keeps the stored value; type over it to replace it.`;
import { TemplateVariablesPopover } from './template-variables-popover';

/** The config members of the selected type; members other types use stay in the form but are not sent. */
export function ChannelConfigFields({ form }: { form: UseFormReturnType<ChannelFormValues> }) {
  const input = (path: `config.${keyof ChannelFormValues['config']}`) => form.getInputProps(path);
  const isSet = (member: 'webhookSecret' | 'serviceKey' | 'apiKey') => credentialIsSet(form.values, member);
  switch (form.values.type) {
    case 'EMAIL':
      return <TextInput label={L['config.address']} type="email" placeholder="oncall@example.com" withAsterisk {...input('config.address')} />;
    case 'SLACK':
      return (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label="Incoming webhook URL"
            placeholder="https://hooks.slack.com/services/…"
            description={`The URL is the credential: its path reads as ${SECRET_MASK}. Keep it to keep the stored URL.`}
            withAsterisk
            {...input('config.url')}
          />
          <TextInput label={L['config.channel']} placeholder="#ops (optional)" {...input('config.channel')} />
        </SimpleGrid>
      );
    case 'SLACK_APP':
      return <TagsInput label={L['config.slackChannels']} description="Press Enter after each channel." placeholder="#ops" withAsterisk {...input('config.slackChannels')} />;
    case 'SMS':
    case 'CALL':
      return (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={L['config.name']} placeholder="e.g. On-call phone" withAsterisk {...input('config.name')} />
          <TextInput label={L['config.number']} placeholder="+14155550123" withAsterisk {...input('config.number')} />
        </SimpleGrid>
      );
    case 'PAGERDUTY':
      return (
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <SecretField label={L['config.serviceKey']} isSet={isSet('serviceKey')} required inputProps={input('config.serviceKey')} />
          <TextInput label="Account" {...input('config.account')} />
          <TextInput label="Service name" {...input('config.serviceName')} />
        </SimpleGrid>
      );
    case 'OPSGENIE':
      return (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={L['config.name']} withAsterisk {...input('config.name')} />
          <SecretField label={L['config.apiKey']} isSet={isSet('apiKey')} required inputProps={input('config.apiKey')} />
          <Select label="Region" data={[...OPSGENIE_REGIONS]} allowDeselect={false} {...input('config.region')} />
          <Select label="Priority" data={[...OPSGENIE_PRIORITIES]} allowDeselect={false} {...input('config.priority')} />
        </SimpleGrid>
      );
    case 'WEBHOOK':
      return (
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={L['config.name']} placeholder="e.g. Incident bot" withAsterisk {...input('config.name')} />
            <Select label="Kind" data={labelledOptions(WEBHOOK_TYPES)} allowDeselect={false} {...input('config.webhookType')} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 4 }}>
            <Select label="Method" data={[...WEBHOOK_METHODS]} allowDeselect={false} {...input('config.method')} />
            <TextInput label={L['config.url']} placeholder="https://example.com/hooks/sightline" withAsterisk style={{ gridColumn: 'span 3' }} {...input('config.url')} />
          </SimpleGrid>
          <Group justify="flex-end" mt={-8}>
            <TemplateVariablesPopover />
          </Group>
          <KeyValueEditor
            label="Headers"
            description={MASKED_VALUES}
            itemNoun="Header"
            value={form.values.config.headers}
            onChange={(items) => form.setFieldValue('config.headers', items)}
            errors={form.errors}
            errorPath="config.headers"
          />
          <KeyValueEditor
            label="Query parameters"
            itemNoun="Parameter"
            value={form.values.config.queryParameters}
            onChange={(items) => form.setFieldValue('config.queryParameters', items)}
            errors={form.errors}
            errorPath="config.queryParameters"
          />
          <Textarea
            label="Body template"
            description="Sent as the request body; leave empty for the default JSON payload."
            ff="monospace"
            autosize
            minRows={3}
            maxRows={12}
            {...input('config.template')}
          />
          <SecretField
            label="Signing secret"
            isSet={isSet('webhookSecret')}
            description="When set, each request carries an HMAC signature of its body."
            inputProps={input('config.webhookSecret')}
          />
        </Stack>
      );
  }
}
