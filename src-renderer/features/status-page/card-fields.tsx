import { ActionIcon, Group, MultiSelect, TextInput, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { TrashIcon } from '../../components/trash-icon';
import type { PageFormValues } from './page-form-model';

interface CardFieldsProps {
  form: UseFormReturnType<PageFormValues>;
  index: number;
  serviceOptions: { value: string; label: string }[];
}

/** One card of a status page: its title and the services shown on it, in order. */
export function CardFields({ form, index, serviceOptions }: CardFieldsProps) {
  const n = index + 1;
  return (
    <Group align="flex-start" gap="sm" wrap="nowrap" role="group" aria-label={`Card ${n}`}>
      <TextInput label={`Card ${n} name`} placeholder="e.g. Core services" w={220} {...form.getInputProps(`cards.${index}.name`)} />
      <MultiSelect
        label={`Card ${n} services`}
        placeholder={serviceOptions.length === 0 ? 'Add services below first' : 'Pick services'}
        data={serviceOptions}
        searchable
        style={{ flex: 1 }}
        {...form.getInputProps(`cards.${index}.serviceIds`)}
      />
      <Tooltip label="Remove card">
        <ActionIcon variant="subtle" color="red" mt={26} aria-label={`Remove card ${n}`} onClick={() => form.removeListItem('cards', index)}>
          <TrashIcon />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
