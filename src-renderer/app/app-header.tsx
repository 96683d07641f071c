import { Burger, Group, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Role } from '../../src-shared/schemas/account';
import { useConnection } from '../lib/connection-context';
import { useTRPC } from '../lib/trpc';
import { useAccess } from '../lib/use-access';
import { SignOutButton } from './sign-out-button';
import { ThemeToggle } from './theme-toggle';

interface AppHeaderProps {
  navOpened: boolean;
  onToggleNav: () => void;
}

export const ROLE_LABELS: Record<Role, string> = {
  OWNER: 'Owner',
  ADMIN: 'Admin',
  READ_WRITE: 'Read & write',
  READ_RUN: 'Read & run',
  READ_ONLY: 'Read only',
};

/** "Owner · Read only": who holds the key and what it may do (the name alone when it says the role already). */
function identityText(name: string | undefined, role: Role | null): string | null {
  if (!role) return name ?? null;
  const label = ROLE_LABELS[role];
  if (!name || name.trim().toLowerCase() === label.toLowerCase()) return label;
  return `${name} · ${label}`;
}

export function AppHeader({ navOpened, onToggleNav }: AppHeaderProps) {
  const trpc = useTRPC();
  const { connection, disconnect } = useConnection();
  const me = useQuery(trpc.accounts.me.queryOptions());
  const whoami = useQuery(trpc.accounts.whoami.queryOptions(undefined, { staleTime: 60_000 }));
  const { role } = useAccess();
  const identity = identityText(whoami.data?.name, role);

  return (
    <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="sm" wrap="nowrap" miw={0}>
        <Burger opened={navOpened} onClick={onToggleNav} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
        <Title order={1} size="h3">
          Sightline
        </Title>
        {me.data && (
          <Text size="sm" c="dimmed" truncate visibleFrom="md">
            {me.data.name}
          </Text>
        )}
      </Group>
      <Group gap="xs" wrap="nowrap" miw={0}>
        {identity && (
          <Text size="sm" c="dimmed" truncate maw={{ base: 110, sm: 260 }} title={`Signed in as ${identity}`}>
            <VisuallyHidden>Signed in as </VisuallyHidden>
            {identity}
          </Text>
        )}
        <ThemeToggle />
        {connection.mode === 'headless' && (
          <SignOutButton onSignOut={disconnect} />
        )}
      </Group>
    </Group>
  );
}
