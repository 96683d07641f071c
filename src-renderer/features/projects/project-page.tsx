import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { LoadingBlock } from '../../components/loading-block';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { useTRPC } from '../../lib/trpc';
import { ProjectDeployments } from './project-deployments';
import { ProjectResourcesTable } from './project-resources-table';

/** One project: the resources bound to it and its last deployments. */
export function ProjectPage() {
  const { id = '' } = useParams();
  const trpc = useTRPC();
  // As the list: a deploy from the CLI changes it behind the console's back.
  const project = useQuery(trpc.projects.get.queryOptions({ id }, { refetchOnMount: 'always' }));
  if (project.isPending) return <LoadingBlock label="Loading project" />;
  if (project.isError) return <QueryError title="The project could not be loaded" error={project.error} onRetry={() => void project.refetch()} />;
  const data = project.data;
  return (
    <>
      <PageHeader title={data.name} description={`Logical id ${data.logicalId}${data.repoUrl ? ` · ${data.repoUrl}` : ''} · changed by checkly deploy`} />
      <Stack gap="lg" maw={1100}>
        <Stack gap={4}>
          <Title order={3}>Resources</Title>
          {data.resources.length === 0 ? (
            <EmptyState title="No resources">The project's last deploy left it without resources.</EmptyState>
          ) : (
            <ProjectResourcesTable resources={data.resources} />
          )}
        </Stack>
        <Stack gap={4}>
          <Title order={3}>Deployments</Title>
          <ProjectDeployments deployments={data.deployments} />
        </Stack>
        <Text size="sm">
          <Anchor component={Link} to="/projects" size="sm">
            ← All projects
          </Anchor>
        </Text>
      </Stack>
    </>
  );
}
