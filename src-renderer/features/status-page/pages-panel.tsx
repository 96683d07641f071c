import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { StatusPageView } from '../../../src-shared/schemas/status-page-resource';
import { DenseTable } from '../../components/dense-table';
import { EditIcon } from '../../components/edit-icon';
import { LoadingBlock } from '../../components/loading-block';
import { QueryError } from '../../components/query-error';
import { RowAction } from '../../components/row-action';
import { TrashIcon } from '../../components/trash-icon';
import { useTRPC } from '../../lib/trpc';
import { DeletePageModal } from './delete-page-modal';
import { PageFormModal } from './page-form-modal';
import { PublicPageLink } from './public-page-link';
import { PublishSwitch } from './publish-switch';
import { SubscribersModal } from './subscribers-modal';
import { humanLabel } from '../../lib/labels';

type Editing = { mode: 'create' } | { mode: 'edit'; page: StatusPageView } | null;

function cardSummary(page: StatusPageView): string {
  if (page.cards.length === 0) return 'No cards';
  return page.cards.map((card) => `${card.name}: ${card.services.map((service) => service.name).join(', ') || 'no services'}`).join(' · ');
}

function subscriberText({ confirmed, pending }: { confirmed: number; pending: number }): string {
  const text = `${confirmed} subscriber${confirmed === 1 ? '' : 's'}`;
  return pending > 0 ? `${text} (+${pending} unconfirmed)` : text;
}

export function PagesPanel() {
  const trpc = useTRPC();
  const pages = useQuery(trpc.statusPages.pages.list.queryOptions({ limit: 100 }));
  const publicBase = useQuery(trpc.statusPages.pages.publicBase.queryOptions());
  const counts = useQuery(trpc.statusPages.subscribers.counts.queryOptions());
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<StatusPageView | null>(null);
  const [subscribersOf, setSubscribersOf] = useState<StatusPageView | null>(null);

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3}>Pages</Title>
        <Button onClick={() => setEditing({ mode: 'create' })}>New status page</Button>
      </Group>
      <Text size="sm" c="dimmed">
        Each page groups services into cards; incidents on those services show on the page. A published page is public at /status/&lt;url&gt; — no key
        needed — with each service’s state, 90-day uptime, incidents, feeds and email subscriptions.
      </Text>
      {pages.isPending && <LoadingBlock label="Loading status pages" />}
      {pages.isError && <QueryError title="Status pages could not be loaded" error={pages.error} onRetry={() => void pages.refetch()} />}
      {pages.data && pages.data.entries.length === 0 && (
        <Text size="sm" c="dimmed" role="status">
          No status pages yet — create one and put your services on its cards.
        </Text>
      )}
      {pages.data && pages.data.entries.length > 0 && (
        <DenseTable label="Status pages" columns={['Name', 'URL', 'Public', 'Subscribers', 'Theme', 'Cards and services']} highlightOnHover={false} verticalSpacing={4}>
          {pages.data.entries.map((page) => {
            const count = counts.data?.[page.id] ?? { confirmed: 0, pending: 0 };
            return (
              <Table.Tr key={page.id}>
                <Table.Td fw={500}>{page.name}</Table.Td>
                <Table.Td>{page.customDomain ?? page.url}</Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <PublishSwitch page={page} />
                    <PublicPageLink page={page} statusBaseUrl={publicBase.data?.statusBaseUrl} />
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Button variant="subtle" size="compact-sm" aria-label={`Subscribers of ${page.name}: ${subscriberText(count)}`} onClick={() => setSubscribersOf(page)}>
                    {subscriberText(count)}
                  </Button>
                </Table.Td>
                <Table.Td c="dimmed">{humanLabel(page.defaultTheme)}</Table.Td>
                <Table.Td>{cardSummary(page)}</Table.Td>
                <Table.Td>
                  <Group gap={2} justify="flex-end" wrap="nowrap">
                    <RowAction tooltip="Edit page" label={`Edit ${page.name}`} icon={<EditIcon />} onClick={() => setEditing({ mode: 'edit', page })} />
                    <RowAction tooltip="Delete page" label={`Delete ${page.name}`} icon={<TrashIcon />} color="red" onClick={() => setDeleting(page)} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </DenseTable>
      )}
      {editing && <PageFormModal key={editing.mode === 'edit' ? editing.page.id : 'new'} page={editing.mode === 'edit' ? editing.page : undefined} onClose={() => setEditing(null)} />}
      <DeletePageModal page={deleting} onClose={() => setDeleting(null)} />
      <SubscribersModal page={subscribersOf} onClose={() => setSubscribersOf(null)} />
    </Stack>
  );
}
