import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { errorMessage } from '../../lib/api-errors';
import { useTRPC } from '../../lib/trpc';
import { NewIcmpMonitorForm } from './new-icmp-monitor-form';

export function NewIcmpMonitorPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation(
    trpc.checks.createIcmp.mutationOptions({
      onSuccess: async (check) => {
        await queryClient.invalidateQueries(trpc.checks.pathFilter());
        notifications.show({
          color: 'teal',
          title: 'Monitor created',
          message: `“${check.name}” will start pinging on its next run.`,
        });
        await navigate('/monitors');
      },
    }),
  );

  return (
    <>
      <PageHeader
        title="New ICMP monitor"
        description="Pings a host and alerts when it stops answering, answers slowly or loses packets."
      />
      <NewIcmpMonitorForm
        onSubmit={(body) => create.mutate(body)}
        onCancel={() => void navigate('/monitors')}
        submitting={create.isPending}
        serverError={create.error ? errorMessage(create.error) : null}
      />
    </>
  );
}
