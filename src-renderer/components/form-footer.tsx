import { Button, Group, Text } from '@mantine/core';
import { useId, type ReactNode } from 'react';
import type { Access } from '../../src-shared/rules/access';
import type { EntityFormProps } from '../lib/schema-form';
import { useGate } from './access';
import { FormAlerts } from './form-alerts';

interface FormFooterProps extends Pick<EntityFormProps<unknown, unknown>, 'submitLabel' | 'onCancel' | 'submitting' | 'serverError' | 'serverTitle'> {
  /** Schema issues the form has no field for. */
  schemaError?: ReactNode;
  /** What saving needs (default: write). A key that may not gets the submit button disabled and the reason beside it. */
  access?: Access;
  /** Further buttons between submit and Cancel (e.g. "Run once without saving"). */
  extra?: ReactNode;
}

/** What ends a create/edit form: its alerts, then submit and Cancel. */
export function FormFooter({ schemaError, serverError, serverTitle, submitLabel, submitting, onCancel, access = 'write', extra }: FormFooterProps) {
  const { allowed, reason } = useGate(access);
  const reasonId = useId();
  return (
    <>
      <FormAlerts schemaError={schemaError} serverError={serverError} serverTitle={serverTitle} />
      <Group gap="sm">
        <Button
          type="submit"
          loading={submitting}
          data-disabled={allowed ? undefined : true}
          aria-disabled={allowed ? undefined : true}
          aria-describedby={allowed ? undefined : reasonId}
          // The form is not even validated when the key may not save it: the server would refuse it.
          onClick={allowed ? undefined : (event) => event.preventDefault()}
        >
          {submitLabel}
        </Button>
        {extra}
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
      {!allowed && reason && (
        <Text size="sm" c="dimmed" id={reasonId}>
          {reason}
        </Text>
      )}
    </>
  );
}
