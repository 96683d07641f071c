import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import type { EntityFormProps } from '../lib/schema-form';
import { FormAlerts } from './form-alerts';

interface FormFooterProps extends Pick<EntityFormProps<unknown, unknown>, 'submitLabel' | 'onCancel' | 'submitting' | 'serverError' | 'serverTitle'> {
  /** Schema issues the form has no field for. */
  schemaError?: ReactNode;
}

/** What ends a create/edit form: its alerts, then submit and Cancel. */
export function FormFooter({ schemaError, serverError, serverTitle, submitLabel, submitting, onCancel }: FormFooterProps) {
  return (
    <>
      <FormAlerts schemaError={schemaError} serverError={serverError} serverTitle={serverTitle} />
      <Group gap="sm">
        <Button type="submit" loading={submitting}>
          {submitLabel}
        </Button>
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
      </Group>
    </>
  );
}
