import { Burger, Button, Group, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useConnection } from '../lib/connection-context';
import { useTRPC } from '../lib/trpc';

interface AppHeaderProps {
  navOpened: boolean;
  onToggleNav: () => void;
}

export function AppHeader({ navOpened, onToggleNav }: AppHeaderProps) {
  const trpc = useTRPC();
  const { connection, disconnect } = useConnection();
  const me = useQuery(trpc.accounts.me.queryOptions());

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger opened={navOpened} onClick={onToggleNav} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
        <Title order={3}>Sightline</Title>
      </Group>
      <Group gap="sm" wrap="nowrap">
        {me.data && (
          <Text size="sm" c="dimmed" truncate>
            {me.data.name}
          </Text>
        )}
        {connection.mode === 'headless' && (
          <Button variant="default" size="xs" onClick={disconnect}>
            Disconnect
          </Button>
        )}
      </Group>
    </Group>
  );
}
