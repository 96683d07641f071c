import { Button, Group, Loader, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { useTRPC } from '../../lib/trpc';

export function DashboardPage() {
  const trpc = useTRPC();
  const monitors = useQuery(trpc.checks.list.queryOptions({ limit: 1, page: 1 }));

  return (
    <>
      <PageHeader title="Dashboard" description="The state of everything Sightline watches, at a glance." />
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="md">
        <Paper withBorder p="md">
          <Stack gap={4}>
            <Text size="xs" tt="uppercase" c="dimmed" fw={600}>
              Monitors
            </Text>
            {monitors.isPending ? (
              <Loader size="sm" aria-label="Loading monitor count" />
            ) : (
              <Text fz={28} fw={700}>
                {monitors.data ? monitors.data.total : '—'}
              </Text>
            )}
            <Group>
              <Button component={Link} to="/monitors" variant="subtle" size="compact-sm" px={0}>
                View monitors
              </Button>
            </Group>
          </Stack>
        </Paper>
      </SimpleGrid>
      <EmptyState title="Nothing here yet">
        Uptime, recent failures and open incidents will be summarised here once monitors have run.
      </EmptyState>
    </>
  );
}
