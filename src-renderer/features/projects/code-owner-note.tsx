import { Anchor, Badge, Code, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { CodeResourceType } from '../../../src-shared/schemas/project-view';
import { useTRPC } from '../../lib/trpc';

/** On a resource's page: which project of monitoring as code owns it, and the file it is written in. */
export function CodeOwnerNote({ type, id }: { type: CodeResourceType; id: string }) {
  const trpc = useTRPC();
  const owner = useQuery(trpc.projects.ownerOf.queryOptions({ type, id }));
  if (!owner.data) return null;
  const { projectId, projectName, sourceFile, logicalId } = owner.data;
  return (
    <Group gap="xs" role="note" aria-label="Managed by code" wrap="wrap">
      <Badge variant="light" color="violet" radius="xs">
        Managed by code
      </Badge>
      <Text size="sm">
        Project{' '}
        <Anchor component={Link} to={`/projects/${projectId}`} size="sm" underline="always">
          {projectName}
        </Anchor>
        {' · '}
        {sourceFile ? <Code>{sourceFile}</Code> : 'file not recorded'}
        {' · logical id '}
        <Code>{logicalId}</Code>
      </Text>
    </Group>
  );
}
