import { ActionIcon, Button, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { TrashIcon } from './trash-icon';

export interface KeyValueItem {
  key: string;
  value: string;
  /** Kept as the server sent it: a locked value is write-only. */
  locked?: boolean;
}

interface KeyValueEditorProps {
  /** e.g. "Headers"; rows are labelled "Header 1 name" from `itemNoun`. */
  label: string;
  itemNoun: string;
  value: readonly KeyValueItem[];
  onChange: (items: KeyValueItem[]) => void;
  /** The form's errors; a row's are found under `${errorPath}.${index}.key|value`. */
  errors: Readonly<Record<string, unknown>>;
  errorPath: string;
  description?: string;
}

const asText = (error: unknown) => (typeof error === 'string' ? error : undefined);

export function KeyValueEditor({ label, itemNoun, value, onChange, errors, errorPath, description }: KeyValueEditorProps) {
  const update = (index: number, patch: Partial<KeyValueItem>) =>
    onChange(value.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  return (
    <Input.Wrapper label={label} description={description} labelElement="div">
      <Stack gap={6} mt={4}>
        {value.length === 0 && (
          <Text size="sm" c="dimmed">
            None.
          </Text>
        )}
        {value.map((item, index) => (
          <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
            <TextInput
              aria-label={`${itemNoun} ${index + 1} name`}
              placeholder="Name"
              spellCheck={false}
              flex={1}
              value={item.key}
              error={asText(errors[`${errorPath}.${index}.key`])}
              onChange={(event) => update(index, { key: event.currentTarget.value })}
            />
            <TextInput
              aria-label={`${itemNoun} ${index + 1} value`}
              placeholder="Value"
              spellCheck={false}
              flex={2}
              value={item.value}
              error={asText(errors[`${errorPath}.${index}.value`])}
              onChange={(event) => update(index, { value: event.currentTarget.value })}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={6}
              aria-label={`Remove ${itemNoun.toLowerCase()} ${index + 1}`}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
            >
              <TrashIcon />
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button size="compact-sm" variant="light" onClick={() => onChange([...value, { key: '', value: '' }])}>
            Add {itemNoun.toLowerCase()}
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
