import { Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  title: string;
  children?: ReactNode;
  action?: ReactNode;
}

export function EmptyState({ title, children, action }: EmptyStateProps) {
  return (
    <Paper withBorder p="xl" radius="md" role="status" aria-label={title}>
      <Stack align="center" gap="xs" ta="center">
        <Text fw={600}>{title}</Text>
        {children && (
          <Text c="dimmed" size="sm" maw={520}>
            {children}
          </Text>
        )}
        {action}
      </Stack>
    </Paper>
  );
}
