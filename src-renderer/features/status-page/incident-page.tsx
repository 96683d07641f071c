import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadingBlock } from '../../components/loading-block';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { useTRPC } from '../../lib/trpc';
import { AddUpdateForm } from './add-update-form';
import { DeleteIncidentModal } from './delete-incident-modal';
import { formatDuration, formatWhen } from './incident-display';
import { IncidentTimeline } from './incident-timeline';
import { ProgressBadge } from './progress-badge';
import { SeverityBadge } from './severity-badge';

export function IncidentPage() {
  const { id = '' } = useParams();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const incident = useQuery(trpc.statusPages.incidents.get.queryOptions({ id }));

  if (incident.isPending) return <LoadingBlock label="Loading incident" />;
  if (incident.isError) return <QueryError title="The incident could not be loaded" error={incident.error} onRetry={() => void incident.refetch()} />;
  const data = incident.data;

  return (
    <>
      <PageHeader
        title={data.name}
        description={`Opened ${formatWhen(data.created_at)} · affects ${data.services.map((service) => service.name).join(', ')}`}
        actions={
          <Button color="red" variant="light" onClick={() => setDeleting(true)}>
            Delete
          </Button>
        }
      />
      <Stack gap="lg" maw={760}>
        <Group gap="sm" role="group" aria-label="Incident state">
          <SeverityBadge severity={data.severity} />
          <ProgressBadge progress={data.lastUpdateStatus} />
          {data.duration !== null && (
            <Text size="sm" fw={500}>
              Resolved after {formatDuration(data.duration)}
            </Text>
          )}
        </Group>
        {data.lastUpdateStatus !== 'RESOLVED' && <AddUpdateForm key={data.incidentUpdates.length} incidentId={data.id} current={data.lastUpdateStatus} />}
        <IncidentTimeline updates={data.incidentUpdates} />
        <Anchor component={Link} to="/status-page" size="sm">
          ← Status page
        </Anchor>
      </Stack>
      <DeleteIncidentModal incident={deleting ? data : null} onClose={() => setDeleting(false)} onDeleted={() => void navigate('/status-page')} />
    </>
  );
}
