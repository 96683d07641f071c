import { ActionIcon, Button, Checkbox, Group, Input, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { TrashIcon } from './trash-icon';

export interface EnvVarItem {
  key: string;
  value: string;
  secret: boolean;
}

interface EnvVarsEditorProps {
  value: readonly EnvVarItem[];
  onChange: (items: EnvVarItem[]) => void;
  /** The form's errors; a row's are found under `environmentVariables.${index}.key|value`. */
  errors: Readonly<Record<string, unknown>>;
  description?: string;
}

const asText = (error: unknown) => (typeof error === 'string' ? error : undefined);

export function EnvVarsEditor({ value, onChange, errors, description }: EnvVarsEditorProps) {
  const update = (index: number, patch: Partial<EnvVarItem>) =>
    onChange(value.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  return (
    <Input.Wrapper label="Environment variables" description={description} labelElement="div">
      <Stack gap={6} mt={4}>
        {value.length === 0 && (
          <Text size="sm" c="dimmed">
            None.
          </Text>
        )}
        {value.map((item, index) => {
          const ValueInput = item.secret ? PasswordInput : TextInput;
          return (
            <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                aria-label={`Variable ${index + 1} name`}
                placeholder="NAME"
                ff="monospace"
                spellCheck={false}
                flex={1}
                value={item.key}
                error={asText(errors[`environmentVariables.${index}.key`])}
                onChange={(event) => update(index, { key: event.currentTarget.value })}
              />
              <ValueInput
                aria-label={`Variable ${index + 1} value`}
                placeholder="value"
                spellCheck={false}
                flex={2}
                value={item.value}
                error={asText(errors[`environmentVariables.${index}.value`])}
                onChange={(event) => update(index, { value: event.currentTarget.value })}
              />
              <Checkbox
                mt={8}
                label="Secret"
                aria-label={`Variable ${index + 1} is secret`}
                checked={item.secret}
                onChange={(event) => update(index, { secret: event.currentTarget.checked })}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={6}
                aria-label={`Remove variable ${index + 1}`}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
              >
                <TrashIcon />
              </ActionIcon>
            </Group>
          );
        })}
        <Group>
          <Button size="compact-sm" variant="light" onClick={() => onChange([...value, { key: '', value: '', secret: false }])}>
            Add variable
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
