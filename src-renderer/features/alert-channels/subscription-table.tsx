import { Anchor, Badge, Button, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { RouterOutputs } from '../../lib/trpc';
import { WriteGuard } from './write-guard';

export type NamedSubscription = RouterOutputs['alertChannels']['subscriptions']['items'][number];

/** What a subscription is called: its monitor's or group's name, or what was there if it was deleted since. */
export function subscriptionName(s: NamedSubscription): string {
  if (s.checkId !== null) return s.checkName ?? 'Deleted monitor';
  return `Group: ${s.groupName ?? 'deleted group'}`;
}

interface SubscriptionTableProps {
  items: NamedSubscription[];
  canWrite: boolean;
  whyNot: string;
  /** The subscription being removed, if any. */
  removing: number | null;
  onRemove: (subscription: NamedSubscription) => void;
}

/** One page of a channel's subscriptions, each with its state and an Unsubscribe button. */
export function SubscriptionTable({ items, canWrite, whyNot, removing, onRemove }: SubscriptionTableProps) {
  return (
    <Table striped verticalSpacing={4} fz="sm" aria-label="Subscriptions">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Monitor or group</Table.Th>
          <Table.Th>State</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((s) => {
          const name = subscriptionName(s);
          const exists = s.checkId !== null ? s.checkName !== null : s.groupName !== null;
          return (
            <Table.Tr key={s.id}>
              <Table.Td>
                {exists ? (
                  <Anchor component={Link} to={s.checkId !== null ? `/monitors/${s.checkId}` : `/groups/${s.groupId}`} size="sm">
                    {name}
                  </Anchor>
                ) : (
                  <Text size="sm" c="dimmed" span>
                    {name}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Badge size="sm" variant="light" color={s.activated ? 'teal' : 'gray'}>
                  {s.activated ? 'Active' : 'Paused'}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">
                <WriteGuard allowed={canWrite} why={whyNot}>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    color="red"
                    aria-label={`Unsubscribe ${name}`}
                    disabled={!canWrite || (removing !== null && removing !== s.id)}
                    loading={removing === s.id}
                    onClick={() => onRemove(s)}
                  >
                    Unsubscribe
                  </Button>
                </WriteGuard>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
