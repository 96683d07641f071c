import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';

interface FormAlertsProps {
  /** Schema issues the form has no field for. */
  schemaError?: ReactNode;
  serverError: string | null;
  /** e.g. "The server did not create the monitor". */
  serverTitle: string;
}

export function FormAlerts({ schemaError, serverError, serverTitle }: FormAlertsProps) {
  return (
    <>
      {schemaError && (
        <Alert color="red" variant="light" title="Check these settings" role="alert" style={{ whiteSpace: 'pre-line' }}>
          {schemaError}
        </Alert>
      )}
      {serverError && (
        <Alert color="red" variant="light" title={serverTitle} role="alert">
          {serverError}
        </Alert>
      )}
    </>
  );
}
