import { SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '../../components/page-header';
import { AnnounceSettingsPanel } from '../announce/announce-settings-panel';
import { useTRPC } from '../../lib/trpc';
import { AccountAlertSettingsPanel } from './account-alert-settings-form';
import { AccountPanel } from './account-panel';
import { AgentCanariesPanel } from './agent-canaries-panel';
import { ClusterPanel } from './cluster-panel';
import { ConsoleSettingsPanel } from './console-settings-panel';
import { DeliverySettingsPanel } from './delivery-settings-form';
import { DesktopAppPanel } from './desktop-app-panel';
import { MembersPanel } from './members-panel';
import { PlanLimitForm } from './plan-limit-form';
import { TimeZoneSetting } from './time-zone-setting';

export function SettingsPage() {
  const trpc = useTRPC();
  const me = useQuery(trpc.accounts.me.queryOptions());
  const checks = useQuery(trpc.checks.list.queryOptions({ limit: 1, page: 1 }));

  return (
    <>
      <PageHeader title="Settings" description="Account, plan limit, members who hold API keys, account alert settings, how notifications are delivered, the servers, and console preferences." />
      <Stack gap="xl" maw={1100}>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <AccountPanel />
          {me.data && checks.data && <PlanLimitForm maxChecks={me.data.maxChecks} checkCount={checks.data.total} />}
        </SimpleGrid>
        <MembersPanel />
        <AccountAlertSettingsPanel />
        <DeliverySettingsPanel />
        <AgentCanariesPanel />
        <ClusterPanel />
        <ConsoleSettingsPanel />
        <TimeZoneSetting />
        <DesktopAppPanel />
        <AnnounceSettingsPanel />
      </Stack>
    </>
  );
}
