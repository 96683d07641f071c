import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AccessNote } from '../../components/access';
import { PageHeader } from '../../components/page-header';
import { mutationFormState } from '../../lib/schema-form';
import { useTRPC } from '../../lib/trpc';
import { GroupForm } from './group-form';
import { INITIAL_GROUP_FORM_VALUES } from './group-form-model';

export function NewGroupPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation(
    trpc.checkGroups.create.mutationOptions({
      onSuccess: async (group) => {
        await queryClient.invalidateQueries(trpc.checkGroups.pathFilter());
        notifications.show({ color: 'teal', title: 'Group created', message: `Put monitors in “${group.name}” from their edit page.` });
        await navigate(`/groups/${group.id}`);
      },
    }),
  );
  return (
    <>
      <PageHeader title="New group" description="A group lends its locations, retries, alert settings and variables to the monitors in it." />
      <AccessNote access="write">Creating groups needs another key</AccessNote>
      <GroupForm
        label="New group"
        initialValues={INITIAL_GROUP_FORM_VALUES}
        submitLabel="Create group"
        onSubmit={(group) => create.mutate({ group })}
        onCancel={() => void navigate('/groups')}
        {...mutationFormState(create, 'The server did not create the group')}
      />
    </>
  );
}
