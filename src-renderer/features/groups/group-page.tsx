import { Anchor, Button, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AccessNote, Gate } from '../../components/access';
import { EmptyState } from '../../components/empty-state';
import { LoadingBlock } from '../../components/loading-block';
import { PageHeader } from '../../components/page-header';
import { StartMaintenanceButton } from '../maintenance/start-maintenance-button';
import { QueryError } from '../../components/query-error';
import { useTRPC } from '../../lib/trpc';
import { describeRunLocations } from '../../lib/run-locations';
import { capitalized, effectiveAlertSettingsText } from '../../../src-shared/rules/alert-settings-text';
import { retryStrategyText } from '../../../src-shared/rules/retry-strategy-text';
import { MonitorFields } from '../monitors/monitor-fields';
import { DeleteGroupModal } from './delete-group-modal';
import { GroupAlertChannels } from './group-alert-channels';
import { GroupChecksTable } from './group-checks-table';
import { CodeOwnerNote } from '../projects/code-owner-note';

export function GroupPage() {
  const id = Number(useParams().id);
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const group = useQuery(trpc.checkGroups.get.queryOptions({ id }));
  const checks = useQuery(trpc.checkGroups.checks.queryOptions({ id, limit: 100, page: 1 }));
  const accountAlerts = useQuery(trpc.alerts.getAccountAlertSettings.queryOptions());
  const privateLocations = useQuery(trpc.privateLocations.list.queryOptions());
  const privateNames = new Map((privateLocations.data ?? []).map((location) => [location.slugName, location.name]));

  if (group.isPending) return <LoadingBlock label="Loading group" />;
  if (group.isError) return <QueryError title="The group could not be loaded" error={group.error} onRetry={() => void group.refetch()} />;
  const data = group.data;
  const retry = data.retryStrategy === 'FALLBACK' ? "Each check keeps its own retry strategy" : capitalized(retryStrategyText(data.retryStrategy));
  const locations = describeRunLocations(data, privateNames);

  return (
    <>
      <PageHeader
        title={data.name}
        description={`Check group ${data.id}`}
        actions={
          <>
            <StartMaintenanceButton target={{ groupId: data.id }} name={data.name} />
            <Gate access="write" hide>
              <Button component={Link} to={`/groups/${id}/edit`} variant="default">
                Edit
              </Button>
            </Gate>
            <Gate access="write" hide>
              <Button color="red" variant="light" onClick={() => setDeleting(true)}>
                Delete
              </Button>
            </Gate>
          </>
        }
      />
      <AccessNote access="write">This group is read-only for this key</AccessNote>
      <Stack gap="lg" maw={960}>
        <CodeOwnerNote type="check-group" id={String(id)} />
        <MonitorFields
          label="Group settings"
          fields={[
            { label: 'Active', value: data.activated },
            { label: 'Muted', value: data.muted },
            { label: 'Concurrency', value: data.concurrency },
            { label: 'Locations', value: locations.length ? locations.join(', ') : "Each check's own" },
            { label: 'Run in parallel', value: data.runParallel },
            { label: 'Retry strategy', value: retry },
            { label: 'Alerts', value: capitalized(effectiveAlertSettingsText(data.useGlobalAlertSettings, data.alertSettings, accountAlerts.data)) },
            { label: 'Tags', value: data.tags },
            { label: 'Environment variables', value: data.environmentVariables?.length ?? 0 },
          ]}
        />
        <Stack gap={4}>
          <Title order={4}>Alert channels</Title>
          <GroupAlertChannels subscriptions={data.alertChannelSubscriptions} />
        </Stack>
        <Stack gap={4}>
          <Title order={4}>Checks</Title>
          {checks.isPending && <LoadingBlock label="Loading the group's checks" />}
          {checks.isError && <QueryError title="The group's checks could not be loaded" error={checks.error} onRetry={() => void checks.refetch()} />}
          {checks.data && checks.data.total === 0 && (
            <EmptyState title="No checks in this group yet">Open a monitor, choose Edit and pick this group.</EmptyState>
          )}
          {checks.data && checks.data.items.length > 0 && <GroupChecksTable checks={checks.data.items} />}
        </Stack>
        <Anchor component={Link} to="/groups" size="sm">
          ← All groups
        </Anchor>
      </Stack>
      <DeleteGroupModal group={deleting ? data : null} onClose={() => setDeleting(false)} onDeleted={() => void navigate('/groups')} />
    </>
  );
}
