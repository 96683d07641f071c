import { Badge, Group, PasswordInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';

interface SecretFieldProps {
  label: string;
  isSet: boolean;
  inputProps: GetInputPropsReturnType;
  description?: string;
  /** Required when nothing is stored yet (a stored value is kept when the field stays empty). */
  required?: boolean;
}

/** A stored secret is never sent back: the field says whether one is set and takes a replacement. */
export function SecretField({ label, isSet, inputProps, description, required = false }: SecretFieldProps) {
  return (
    <PasswordInput
      label={
        <Group gap={6} component="span">
          {label}
          <Badge size="xs" variant="light" color={isSet ? 'teal' : 'gray'} component="span">
            {isSet ? 'set' : 'not set'}
          </Badge>
        </Group>
      }
      aria-label={`${isSet ? 'Replace' : 'Set'} ${label}`}
      placeholder={isSet ? 'Leave empty to keep the stored value' : 'Not set'}
      description={description}
      withAsterisk={required && !isSet}
      autoComplete="new-password"
      {...inputProps}
    />
  );
}
