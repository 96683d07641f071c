import { Alert, Anchor, Code } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { CodeResourceType } from '../../../src-shared/schemas/project-view';
import { useTRPC } from '../../lib/trpc';

/**
 * On the edit form of a resource a project owns: saving works, but the project's next deploy puts
 * back what its code says, so the operator is told before the change is lost.
 */
export function CodeOwnerWarning({ type, id }: { type: CodeResourceType; id: string }) {
  const trpc = useTRPC();
  const owner = useQuery(trpc.projects.ownerOf.queryOptions({ type, id }));
  if (!owner.data) return null;
  const { projectId, projectName, sourceFile, logicalId } = owner.data;
  return (
    <Alert color="yellow" variant="light" title="Managed by code: the next deploy overwrites this change" mb="md" role="note" aria-label="Managed by code">
      You can save here, but the next <Code>checkly deploy</Code> of project{' '}
      <Anchor component={Link} to={`/projects/${projectId}`} size="sm" inherit underline="always">
        {projectName}
      </Anchor>{' '}
      puts back what its code says. To keep the change, make it in {sourceFile ? <Code>{sourceFile}</Code> : 'the project'} (logical id <Code>{logicalId}</Code>).
    </Alert>
  );
}
