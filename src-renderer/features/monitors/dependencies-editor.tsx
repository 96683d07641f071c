import { ActionIcon, Button, Group, Input, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { TrashIcon } from '../../components/trash-icon';
import type { DependencyItem } from './multistep-form-model';

interface DependenciesEditorProps {
  value: readonly DependencyItem[];
  onChange: (items: DependencyItem[]) => void;
  errors: Readonly<Record<string, unknown>>;
}

const asText = (error: unknown) => (typeof error === 'string' ? error : undefined);

/** Extra files the script imports, stored with the check (path relative to the script). */
export function DependenciesEditor({ value, onChange, errors }: DependenciesEditorProps) {
  const update = (index: number, patch: Partial<DependencyItem>) =>
    onChange(value.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  return (
    <Input.Wrapper label="Dependencies" description="Files the script imports, e.g. ./helpers.ts." labelElement="div">
      <Stack gap="xs" mt={4}>
        {value.length === 0 && (
          <Text size="sm" c="dimmed">
            None.
          </Text>
        )}
        {value.map((item, index) => (
          <Stack key={index} gap={4}>
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                aria-label={`Dependency ${index + 1} path`}
                placeholder="./helpers.ts"
                ff="monospace"
                spellCheck={false}
                flex={1}
                value={item.path}
                error={asText(errors[`dependencies.${index}.path`])}
                onChange={(event) => update(index, { path: event.currentTarget.value })}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={6}
                aria-label={`Remove dependency ${index + 1}`}
                onClick={() => onChange(value.filter((_, i) => i !== index))}
              >
                <TrashIcon />
              </ActionIcon>
            </Group>
            <Textarea
              aria-label={`Dependency ${index + 1} content`}
              placeholder="export const baseUrl = 'https://api.example.com';"
              ff="monospace"
              autosize
              minRows={3}
              maxRows={12}
              spellCheck={false}
              value={item.content}
              error={asText(errors[`dependencies.${index}.content`])}
              onChange={(event) => update(index, { content: event.currentTarget.value })}
            />
          </Stack>
        ))}
        <Group>
          <Button size="compact-sm" variant="light" onClick={() => onChange([...value, { path: '', content: '' }])}>
            Add dependency
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
