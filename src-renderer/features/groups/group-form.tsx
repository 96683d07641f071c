import { Divider, Group, NumberInput, SimpleGrid, Stack, Switch, TagsInput, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { CheckGroupCreateInput } from '../../../src-shared/schemas/check-group';
import { EnvVarsEditor } from '../../components/env-vars-editor';
import { LocationPicker } from '../../components/location-picker';
import { FormFooter } from '../../components/form-footer';
import { SCHEMA_ERROR_KEY, toFormErrors, type EntityFormProps } from '../../lib/schema-form';
import { AlertChannelPicker } from '../alert-channels/alert-channel-picker';
import { DependsOnSelect } from '../monitors/depends-on-select';
import { FlapDetectionFields } from '../monitors/flap-detection-fields';
import { GroupAlertFields } from './group-alert-fields';
import { GROUP_LABELS, toGroupBody, validateGroupForm, type GroupFormValues } from './group-form-model';
import { GroupRetryFields } from './group-retry-fields';
import type { MemberCheck } from './retry-fit-line';

type GroupFormProps = EntityFormProps<GroupFormValues, CheckGroupCreateInput> & {
  /** The group's checks (editing): the retry line names the one where the fewest retries fit. */
  members?: readonly MemberCheck[];
};

export function GroupForm(props: GroupFormProps) {
  const { label, initialValues, onSubmit, members = [] } = props;
  const form = useForm<GroupFormValues>({ initialValues, validate: (values) => toFormErrors(validateGroupForm(values)) });

  return (
    <form onSubmit={form.onSubmit((values) => onSubmit(toGroupBody(values)))} aria-label={label} noValidate>
      <Stack gap="md" maw={760}>
        <TextInput label={GROUP_LABELS.name} placeholder="e.g. Production network" withAsterisk data-autofocus {...form.getInputProps('name')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={GROUP_LABELS.concurrency}
            description="How many of the group's checks run at the same time."
            min={1}
            clampBehavior="none"
            allowDecimal={false}
            {...form.getInputProps('concurrency')}
          />
          <LocationPicker
            label={GROUP_LABELS.runLocations}
            description="Chosen here, they replace the locations of every check in the group. Empty: each check runs where it is set to (by default, this machine)."
            inputProps={form.getInputProps('runLocations')}
          />
        </SimpleGrid>
        <TagsInput label={GROUP_LABELS.tags} description="Press Enter after each tag." clearable {...form.getInputProps('tags')} />
        <DependsOnSelect
          inputProps={form.getInputProps('dependsOn')}
          description="Every monitor of the group depends on these too: while one fails, their failures are recorded but do not alert."
        />
        <Group gap="xl">
          <Switch label="Active" description="Paused groups pause all their checks." {...form.getInputProps('activated', { type: 'checkbox' })} />
          <Switch label="Muted" description="Muted groups send no alerts." {...form.getInputProps('muted', { type: 'checkbox' })} />
          <Switch label="Run in parallel" description="Run from all locations at once." {...form.getInputProps('runParallel', { type: 'checkbox' })} />
        </Group>
        <Divider label="Retries" labelPosition="left" />
        <GroupRetryFields form={form} members={members} />
        <Divider label="Alerts" labelPosition="left" />
        <AlertChannelPicker
          form={form}
          error={typeof form.errors.alertChannelIds === 'string' ? form.errors.alertChannelIds : undefined}
          description="Where the alerts of the group's checks go, besides each check's own channels. A channel taken out stays subscribed but paused."
        />
        <GroupAlertFields form={form} />
        <FlapDetectionFields inputProps={(field) => form.getInputProps(field)} inheritedFrom="the default; a monitor's own setting wins" />
        <Divider label="Variables" labelPosition="left" />
        <EnvVarsEditor
          description="Available to every check in the group; a check's own variable of the same name wins."
          value={form.values.environmentVariables}
          onChange={(items) => form.setFieldValue('environmentVariables', items)}
          errors={form.errors}
        />
        <FormFooter schemaError={form.errors[SCHEMA_ERROR_KEY]} {...props} />
      </Stack>
    </form>
  );
}
