import { Anchor, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api-errors';
import { useTRPC } from '../../lib/trpc';
import { notificationsLinkForChannel } from '../notifications/notification-query';

/** "Send test notification": queues a TEST alert for the channel and points at the log, where its delivery outcome shows. */
export function useSendTest() {
  const trpc = useTRPC();
  // Toasts render outside the router, so the link navigates through this hook's navigate rather than a <Link>.
  const navigate = useNavigate();
  return useMutation(
    trpc.alerts.sendTestNotification.mutationOptions({
      onSuccess: (sent) => {
        const id = `test-notification-${sent.id}`;
        notifications.show({
          id,
          color: sent.status === 'RATE_LIMITED' ? 'orange' : 'teal',
          title: sent.status === 'RATE_LIMITED' ? 'Test notification rate limited' : 'Test notification sent',
          message: (
            <Text size="sm">
              {sent.status === 'RATE_LIMITED' ? 'The channel reached its rate limit; it was recorded, not sent. ' : 'Delivery runs in the background. '}
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={() => {
                  notifications.hide(id);
                  void navigate(notificationsLinkForChannel(sent.alertChannelId));
                }}
              >
                See it in the notification log
              </Anchor>
            </Text>
          ),
        });
      },
      onError: (error) => notifications.show({ color: 'red', title: 'The test notification was not sent', message: errorMessage(error) }),
    }),
  );
}
