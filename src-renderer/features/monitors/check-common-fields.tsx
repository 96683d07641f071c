import { Group, Select, SimpleGrid, Switch, TagsInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { LocationPicker } from '../../components/location-picker';
import { useParams } from 'react-router';
import { AlertChannelPicker } from '../alert-channels/alert-channel-picker';
import { groupChannelIds, groupIdOf, InheritedAlertingNote, useEffectiveAlertingPreview } from '../alert-channels/inherited-alerting-note';
import { GroupSelect } from '../groups/group-select';
import type { ChannelPickerForm } from '../alert-channels/subscription-picker-model';
import { COMMON_LABELS, type CommonCheckField } from './check-form-common';
import { DependsOnSelect } from './depends-on-select';
import { FlapDetectionFields } from './flap-detection-fields';

interface CheckCommonFieldsProps {
  inputProps: (field: CommonCheckField, type?: 'checkbox') => GetInputPropsReturnType;
  frequencyOptions: { value: string; label: string }[];
  /** The form itself, for the alert channel picker (it fills a new monitor's channels once they load). */
  channels: ChannelPickerForm;
}

/** Schedule, group, tags and state: the part of every monitor form that does not depend on its type. */
export function CheckCommonFields({ inputProps, frequencyOptions, channels }: CheckCommonFieldsProps) {
  // The edit route names the monitor; a new monitor has none yet.
  const { id } = useParams();
  const groupProps = inputProps('groupId');
  const effective = useEffectiveAlertingPreview(id, groupIdOf(groupProps.value)).data;
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={COMMON_LABELS.frequency}
          description="How often the check runs from each of its locations."
          data={frequencyOptions}
          allowDeselect={false}
          {...inputProps('frequency')}
        />
        <GroupSelect inputProps={groupProps} />
      </SimpleGrid>
      <LocationPicker
        label={COMMON_LABELS.runLocations}
        description="Where the monitor runs: this machine, or agents of your private locations. Nothing chosen: this machine. A group with locations of its own decides for its monitors."
        inputProps={inputProps('runLocations')}
      />
      <DependsOnSelect
        inputProps={inputProps('dependsOn')}
        description="While one of these fails, this monitor's failures are recorded but do not alert: the failing one's alert names it."
      />
      <FlapDetectionFields inputProps={inputProps} inheritedFrom="the group's setting, else the default" />
      <AlertChannelPicker
        form={channels}
        error={inputProps('alertChannelIds').error as string | undefined}
        description="Where this monitor's alerts go. A channel taken out stays subscribed but paused."
        inheritedCount={groupChannelIds(effective).length}
      />
      <InheritedAlertingNote effective={effective} />
      <TagsInput
        label={COMMON_LABELS.tags}
        description="Press Enter after each tag."
        placeholder="e.g. production"
        clearable
        {...inputProps('tags')}
      />
      <Group gap="xl">
        <Switch
          label={COMMON_LABELS.activated}
          description="Paused monitors keep their settings but do not run."
          {...inputProps('activated', 'checkbox')}
        />
        <Switch label={COMMON_LABELS.muted} description="Muted monitors run but send no alerts." {...inputProps('muted', 'checkbox')} />
      </Group>
    </>
  );
}
