import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  description: ReactNode;
  actions?: ReactNode;
}

export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" mb="md" wrap="nowrap">
      <Stack gap={2}>
        <Title order={2}>{title}</Title>
        <Text c="dimmed" size="sm" maw={720}>
          {description}
        </Text>
      </Stack>
      {actions && <Group gap="xs" wrap="nowrap">{actions}</Group>}
    </Group>
  );
}
