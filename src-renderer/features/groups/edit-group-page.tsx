import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { LoadingBlock } from '../../components/loading-block';
import { AccessNote } from '../../components/access';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { mutationFormState } from '../../lib/schema-form';
import { useTRPC } from '../../lib/trpc';
import { CodeOwnerWarning } from '../projects/code-owner-warning';
import { GroupForm } from './group-form';
import { groupValuesOf } from './group-form-model';

export function EditGroupPage() {
  const id = Number(useParams().id);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const group = useQuery(trpc.checkGroups.get.queryOptions({ id }));
  const members = useQuery(trpc.checkGroups.checks.queryOptions({ id, limit: 100, page: 1 }));
  const update = useMutation(
    trpc.checkGroups.update.mutationOptions({
      onSuccess: async (saved) => {
        await queryClient.invalidateQueries(trpc.checkGroups.pathFilter());
        await queryClient.invalidateQueries(trpc.checks.pathFilter());
        await queryClient.invalidateQueries(trpc.alerts.effectiveForCheck.pathFilter());
        notifications.show({ color: 'teal', title: 'Group saved', message: `“${saved.name}” applies its new settings from each check's next run.` });
        await navigate(`/groups/${id}`);
      },
    }),
  );

  if (group.isPending) return <LoadingBlock label="Loading group" />;
  if (group.isError) return <QueryError title="The group could not be loaded" error={group.error} onRetry={() => void group.refetch()} />;

  return (
    <>
      <PageHeader title="Edit group" description={`Changes to “${group.data.name}” apply to every monitor in it.`} />
      <AccessNote access="write">This group is read-only for this key</AccessNote>
      <CodeOwnerWarning type="check-group" id={String(id)} />
      <GroupForm
        label="Edit group"
        initialValues={groupValuesOf(group.data)}
        members={members.data?.items ?? []}
        submitLabel="Save changes"
        onSubmit={(patch) => update.mutate({ id, patch })}
        onCancel={() => void navigate(`/groups/${id}`)}
        {...mutationFormState(update, 'The server did not save the group')}
      />
    </>
  );
}
