import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface PageHeaderProps {
  title: string;
  description: ReactNode;
  actions?: ReactNode;
}

/** A page's title, what it is for, and its main actions (which move under the title on a narrow screen). */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-start" mb="md" gap="sm">
      <Stack gap={2} miw={0} style={{ flex: '1 1 320px' }}>
        <Title order={2}>{title}</Title>
        <Text c="dimmed" size="sm" maw={720}>
          {description}
        </Text>
      </Stack>
      {actions && <Group gap="xs">{actions}</Group>}
    </Group>
  );
}
