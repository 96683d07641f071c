import { Switch, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StatusPageView } from '../../../src-shared/schemas/status-page-resource';
import { errorMessage } from '../../lib/api-errors';
import { useTRPC } from '../../lib/trpc';
import { useAccess } from '../../lib/use-access';

/** Publishes a page at /status/<url> for anyone, or takes it off, in one click. */
export function PublishSwitch({ page }: { page: StatusPageView }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const access = useAccess();
  const publish = useMutation(
    trpc.statusPages.pages.publish.mutationOptions({
      onSuccess: async (saved) => {
        notifications.show({
          color: 'teal',
          title: saved.published ? 'Status page published' : 'Status page unpublished',
          message: saved.published ? `Anyone can open “${saved.name}” at /status/${saved.url}, without a key.` : `“${saved.name}” is no longer public; its address answers 404.`,
        });
        await queryClient.invalidateQueries(trpc.statusPages.pathFilter());
      },
      onError: (error) => notifications.show({ color: 'red', title: 'The page was not changed', message: errorMessage(error) }),
    }),
  );
  const toggle = (
    <Switch
      aria-label={`Publish ${page.name}`}
      label={page.published ? 'Published' : 'Not published'}
      checked={page.published}
      disabled={publish.isPending || !access.can('write')}
      onChange={(event) => publish.mutate({ id: page.id, published: event.currentTarget.checked })}
      size="sm"
    />
  );
  if (!page.isPrivate) return toggle;
  return (
    <Tooltip label="A private page is never served publicly, even when published (set over the API)." withArrow>
      <span>{toggle}</span>
    </Tooltip>
  );
}
