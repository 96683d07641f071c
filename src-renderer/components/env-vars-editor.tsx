import { ActionIcon, Badge, Button, Checkbox, Group, Input, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { TrashIcon } from './trash-icon';

export interface EnvVarItem {
  key: string;
  value: string;
  secret: boolean;
  /** The server holds a secret value for this variable; it is never sent to the console. */
  storedSecret?: boolean;
  /** The operator chose to replace the stored secret with `value`. */
  replacing?: boolean;
  /** What to fill in (a template's variable); shown as the value's placeholder. */
  hint?: string;
  /** The script needs a value: the form refuses to save it empty. */
  required?: boolean;
  /** The public API's `locked` flag, kept as stored (the console hides values by `secret`). */
  locked?: boolean;
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
          const n = index + 1;
          const keeping = item.storedSecret === true && item.replacing !== true;
          const ValueInput = item.secret ? PasswordInput : TextInput;
          const valueError = asText(errors[`environmentVariables.${index}.value`]);
          return (
            <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                aria-label={`Variable ${n} name`}
                placeholder="NAME"
                ff="monospace"
                spellCheck={false}
                flex={1}
                value={item.key}
                // A stored secret is matched by its name: renaming it would lose the value.
                readOnly={keeping}
                error={asText(errors[`environmentVariables.${index}.key`])}
                onChange={(event) => update(index, { key: event.currentTarget.value })}
              />
              {keeping ? (
                <Group flex={2} gap="xs" wrap="nowrap" mih={36} role="group" aria-label={`Variable ${n} value`}>
                  <Badge variant="light" color="teal">
                    set
                  </Badge>
                  <Text size="sm" c="dimmed" flex={1}>
                    Stored secret, never shown
                  </Text>
                  <Button size="compact-sm" variant="light" aria-label={`Replace variable ${n} value`} onClick={() => update(index, { replacing: true, value: '' })}>
                    Replace
                  </Button>
                </Group>
              ) : (
                <Group flex={2} gap="xs" wrap="nowrap" align="flex-start">
                  <ValueInput
                    aria-label={`Variable ${n} value`}
                    placeholder={item.hint ?? (item.storedSecret ? 'New secret value' : 'value')}
                    required={item.required}
                    spellCheck={false}
                    flex={1}
                    autoComplete={item.secret ? 'new-password' : undefined}
                    value={item.value}
                    error={valueError}
                    onChange={(event) => update(index, { value: event.currentTarget.value })}
                  />
                  {item.storedSecret && (
                    <Button size="compact-sm" variant="subtle" mt={6} aria-label={`Keep variable ${n} stored value`} onClick={() => update(index, { replacing: false, value: '' })}>
                      Keep
                    </Button>
                  )}
                </Group>
              )}
              <Checkbox
                mt={8}
                label="Secret"
                aria-label={`Variable ${n} is secret`}
                title={item.storedSecret ? 'A secret stays secret; remove the variable to add a plain one' : undefined}
                // Once stored, a secret stays one (the server refuses to unlock it).
                disabled={item.storedSecret === true}
                checked={item.secret}
                onChange={(event) => update(index, { secret: event.currentTarget.checked })}
              />
              <ActionIcon variant="subtle" color="red" mt={6} aria-label={`Remove variable ${n}`} onClick={() => onChange(value.filter((_, i) => i !== index))}>
                <TrashIcon />
              </ActionIcon>
            </Group>
          );
        })}
        {value.some((item) => item.storedSecret) && keepingHint}
        <Group>
          <Button size="compact-sm" variant="light" onClick={() => onChange([...value, { key: '', value: '', secret: false }])}>
            Add variable
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}

const keepingHint = (
  <Text size="xs" c="dimmed">
    Secret values are write-only: a stored one is kept unless you replace it.
  </Text>
);
