import { Button, Divider } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { AccessNote, Gate, useGate } from '../../components/access';
import { LoadingBlock } from '../../components/loading-block';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { mutationFormState } from '../../lib/schema-form';
import { useTRPC } from '../../lib/trpc';
import { notificationsLinkForChannel } from '../notifications/notification-query';
import { channelName } from './channel-display';
import { ChannelForm } from './channel-form';
import { channelValuesOf } from './channel-form-model';
import { ChannelSubscriptions } from './channel-subscriptions';
import { DeleteChannelModal } from './delete-channel-modal';
import { useSendTest } from './use-send-test';
import { CodeOwnerWarning } from '../projects/code-owner-warning';

export function ChannelPage() {
  const id = Number(useParams().id);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const sendTest = useSendTest();
  const { allowed: mayChange } = useGate('write');
  const channel = useQuery(trpc.alertChannels.get.queryOptions({ id }));
  const update = useMutation(
    trpc.alertChannels.update.mutationOptions({
      onSuccess: async (saved) => {
        await queryClient.invalidateQueries(trpc.alertChannels.pathFilter());
        notifications.show({ color: 'teal', title: 'Alert channel saved', message: `${channelName(saved)} uses its new settings from the next alert.` });
        await navigate('/alert-channels');
      },
    }),
  );

  if (channel.isPending) return <LoadingBlock label="Loading alert channel" />;
  if (channel.isError) return <QueryError title="The alert channel could not be loaded" error={channel.error} onRetry={() => void channel.refetch()} />;
  const data = channel.data;

  return (
    <>
      <PageHeader
        title={mayChange ? 'Edit alert channel' : 'Alert channel'}
        description={channelName(data)}
        actions={
          <>
            <Button variant="default" component={Link} to={notificationsLinkForChannel(id)}>
              Notification log
            </Button>
            <Gate access="write" hide>
              <Button variant="light" loading={sendTest.isPending} onClick={() => sendTest.mutate({ alertChannelId: id })}>
                Send test notification
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
      <AccessNote access="write">This alert channel is read-only for this key</AccessNote>
      <CodeOwnerWarning type="alert-channel" id={String(id)} />
      <ChannelForm
        label="Edit alert channel"
        initialValues={channelValuesOf(data)}
        submitLabel="Save changes"
        onSubmit={(body) => update.mutate({ id, body })}
        onCancel={() => void navigate('/alert-channels')}
        {...mutationFormState(update, 'The server did not save the alert channel')}
      />
      <Divider my="lg" />
      <ChannelSubscriptions channel={data} />
      <DeleteChannelModal
        channel={deleting ? { id, label: channelName(data) } : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => void navigate('/alert-channels')}
      />
    </>
  );
}
