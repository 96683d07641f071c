import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AccessNote } from '../../components/access';
import { PageHeader } from '../../components/page-header';
import { mutationFormState } from '../../lib/schema-form';
import { useTRPC } from '../../lib/trpc';
import { channelName } from './channel-display';
import { ChannelForm } from './channel-form';
import { INITIAL_CHANNEL_FORM_VALUES } from './channel-form-model';

export function NewChannelPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation(
    trpc.alertChannels.create.mutationOptions({
      onSuccess: async (channel) => {
        await queryClient.invalidateQueries(trpc.alertChannels.pathFilter());
        notifications.show({ color: 'teal', title: 'Alert channel created', message: `${channelName(channel)} is ready; subscribe monitors to it.` });
        await navigate('/alert-channels');
      },
    }),
  );
  return (
    <>
      <PageHeader title="New alert channel" description="Choose how Sightline reaches you, then which events it sends." />
      <AccessNote access="write">Creating alert channels needs another key</AccessNote>
      <ChannelForm
        label="New alert channel"
        initialValues={INITIAL_CHANNEL_FORM_VALUES}
        submitLabel="Create channel"
        onSubmit={(body) => create.mutate(body)}
        onCancel={() => void navigate('/alert-channels')}
        {...mutationFormState(create, 'The server did not create the alert channel')}
      />
    </>
  );
}
