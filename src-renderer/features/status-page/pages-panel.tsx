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

type Editing = { mode: 'create' } | { mode: 'edit'; page: StatusPageView } | null;

function cardSummary(page: StatusPageView): string {
  if (page.cards.length === 0) return 'No cards';
  return page.cards.map((card) => `${card.name}: ${card.services.map((service) => service.name).join(', ') || 'no services'}`).join(' · ');
}

export function PagesPanel() {
  const trpc = useTRPC();
  const pages = useQuery(trpc.statusPages.pages.list.queryOptions({ limit: 100 }));
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<StatusPageView | null>(null);

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Title order={3}>Pages</Title>
        <Button onClick={() => setEditing({ mode: 'create' })}>New status page</Button>
      </Group>
      <Text size="sm" c="dimmed">
        Each page groups services into cards; incidents on those services show on the page.
      </Text>
      {pages.isPending && <LoadingBlock label="Loading status pages" />}
      {pages.isError && <QueryError title="Status pages could not be loaded" error={pages.error} onRetry={() => void pages.refetch()} />}
      {pages.data && pages.data.entries.length === 0 && (
        <Text size="sm" c="dimmed" role="status">
          No status pages yet — create one and put your services on its cards.
        </Text>
      )}
      {pages.data && pages.data.entries.length > 0 && (
        <DenseTable label="Status pages" columns={['Name', 'URL', 'Theme', 'Cards and services']} highlightOnHover={false} verticalSpacing={4}>
          {pages.data.entries.map((page) => (
            <Table.Tr key={page.id}>
              <Table.Td fw={500}>{page.name}</Table.Td>
              <Table.Td>{page.customDomain ?? page.url}</Table.Td>
              <Table.Td c="dimmed">{page.defaultTheme}</Table.Td>
              <Table.Td>{cardSummary(page)}</Table.Td>
              <Table.Td>
                <Group gap={2} justify="flex-end" wrap="nowrap">
                  <RowAction tooltip="Edit page" label={`Edit ${page.name}`} icon={<EditIcon />} onClick={() => setEditing({ mode: 'edit', page })} />
                  <RowAction tooltip="Delete page" label={`Delete ${page.name}`} icon={<TrashIcon />} color="red" onClick={() => setDeleting(page)} />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </DenseTable>
      )}
      {editing && <PageFormModal key={editing.mode === 'edit' ? editing.page.id : 'new'} page={editing.mode === 'edit' ? editing.page : undefined} onClose={() => setEditing(null)} />}
      <DeletePageModal page={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}
