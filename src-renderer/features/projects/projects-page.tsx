import { Anchor, Badge, Code, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DenseTable } from '../../components/dense-table';
import { EmptyState } from '../../components/empty-state';
import { LoadingBlock } from '../../components/loading-block';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { formatAt } from '../../lib/date-time';
import { humanLabel } from '../../lib/labels';
import { useTRPC } from '../../lib/trpc';
import { diffCounts, STATUS_COLORS } from './deployment-summary';

const COLUMNS = ['Project', 'Resources', 'Last deployment', 'By', 'Changes'] as const;

/** Every project deployed with the public CLI, what it holds and how its last deploy went. */
export function ProjectsPage() {
  const trpc = useTRPC();
  // Deploys happen in the CLI, outside this console: what a visit shows is read afresh, never the cache of an earlier one.
  const list = useQuery(trpc.projects.list.queryOptions(undefined, { refetchOnMount: 'always' }));
  return (
    <>
      <PageHeader
        title="Projects"
        description="Monitoring as code: projects deployed with checkly deploy, the resources each owns or references, and their deployments. Projects change through the CLI, not here."
      />
      {list.isPending && <LoadingBlock label="Loading projects" />}
      {list.isError && <QueryError title="Projects could not be loaded" error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && list.data.length === 0 && (
        <EmptyState title="No projects yet">
          Run <Code>npx checkly deploy</Code> in a project with a checkly.config.ts pointed at this server; it appears here with its resources.
        </EmptyState>
      )}
      {list.data && list.data.length > 0 && (
        <DenseTable label="Projects" columns={COLUMNS} hiddenColumn={null}>
          {list.data.map((project) => (
            <Table.Tr key={project.id}>
              <Table.Td>
                <Anchor component={Link} to={`/projects/${project.id}`} size="sm">
                  {project.name}
                </Anchor>
                <Text size="xs" c="dimmed" ff="monospace">
                  {project.logicalId}
                </Text>
              </Table.Td>
              <Table.Td>
                {project.owned} owned
                {project.referenced > 0 && ` · ${project.referenced} referenced`}
                {project.pending > 0 && ` · ${project.pending} pending`}
              </Table.Td>
              <Table.Td>
                {project.lastDeployment ? (
                  <>
                    <Badge size="sm" variant="light" radius="xs" color={STATUS_COLORS[project.lastDeployment.status] ?? 'gray'} mr={6}>
                      {humanLabel(project.lastDeployment.status)}
                    </Badge>
                    {formatAt(project.lastDeployment.createdAt)}
                    {project.lastDeployment.error && (
                      <Text size="xs" c="red" lineClamp={2} title={project.lastDeployment.error}>
                        {project.lastDeployment.error}
                      </Text>
                    )}
                  </>
                ) : (
                  'Never deployed'
                )}
              </Table.Td>
              <Table.Td>{project.lastDeployment?.createdBy ?? '—'}</Table.Td>
              <Table.Td>{project.lastDeployment ? diffCounts(project.lastDeployment) : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </DenseTable>
      )}
    </>
  );
}
