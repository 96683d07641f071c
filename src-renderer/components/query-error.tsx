import { Alert, Button, Text } from '@mantine/core';
import { errorMessage } from '../lib/api-errors';

interface QueryErrorProps {
  /** e.g. "Groups could not be loaded". */
  title: string;
  error: unknown;
  onRetry: () => void;
}

export function QueryError({ title, error, onRetry }: QueryErrorProps) {
  return (
    <Alert color="red" variant="light" role="alert" title={title}>
      <Text size="sm" mb="xs">
        {errorMessage(error)}
      </Text>
      <Button size="xs" variant="light" color="red" onClick={onRetry}>
        Try again
      </Button>
    </Alert>
  );
}
