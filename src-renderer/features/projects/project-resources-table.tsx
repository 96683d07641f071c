import { Anchor, Badge, Code, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { DenseTable } from '../../components/dense-table';
import { humanLabel } from '../../lib/labels';
import type { RouterOutputs } from '../../lib/trpc';
import { resourceRoute } from './resource-route';

type Resource = RouterOutputs['projects']['get']['resources'][number];

const COLUMNS = ['Type', 'Logical id', 'Resource', 'Binding', 'Source file'] as const;

function ResourceCell({ resource }: { resource: Resource }) {
  if (resource.exists === false) return <Text size="sm" c="dimmed">Missing (id {resource.resourceId})</Text>;
  const route = resourceRoute(resource.type, resource.resourceId);
  const label = resource.name ?? `${humanLabel(resource.type)} ${resource.resourceId}`;
  if (route === null) return <>{label}</>;
  return (
    <Anchor component={Link} to={route} size="sm">
      {label}
    </Anchor>
  );
}

/** Every resource bound to a project: what the project owns (its deploys change it) and what it only references. */
export function ProjectResourcesTable({ resources }: { resources: readonly Resource[] }) {
  return (
    <DenseTable label="Resources" columns={COLUMNS} hiddenColumn={null}>
      {resources.map((resource) => (
        <Table.Tr key={`${resource.type}:${resource.logicalId}`}>
          <Table.Td>{humanLabel(resource.type)}</Table.Td>
          <Table.Td>
            <Code>{resource.logicalId}</Code>
          </Table.Td>
          <Table.Td>
            <ResourceCell resource={resource} />
          </Table.Td>
          <Table.Td>
            {resource.member ? 'Owner' : 'Reference'}
            {resource.pending && (
              <Badge size="sm" variant="light" color="orange" radius="xs" ml={6}>
                Pending import
              </Badge>
            )}
          </Table.Td>
          <Table.Td>{resource.sourceFile ? <Code>{resource.sourceFile}</Code> : '—'}</Table.Td>
        </Table.Tr>
      ))}
    </DenseTable>
  );
}
