import { Badge, Button, Code, Group, List, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { formatAt } from '../../lib/date-time';
import { humanLabel } from '../../lib/labels';
import { deploymentKind, diffCounts, STATUS_COLORS, type DeploymentView } from './deployment-summary';

/** One deployment: who, when, how it ended and what it changed; the change list opens on demand (a deploy can touch thousands). */
function DeploymentItem({ deployment }: { deployment: DeploymentView }) {
  const [open, setOpen] = useState(false);
  const listId = `deployment-${deployment.id}-changes`;
  const kind = deploymentKind(deployment);
  return (
    <Paper withBorder p="sm" radius="sm" component="li" aria-label={`Deployment of ${formatAt(deployment.createdAt)}`}>
      <Group gap="sm" wrap="wrap">
        <Badge size="sm" variant="light" radius="xs" color={STATUS_COLORS[deployment.status] ?? 'gray'}>
          {humanLabel(deployment.status)}
        </Badge>
        <Text size="sm">{formatAt(deployment.createdAt)}</Text>
        <Text size="sm" c="dimmed">
          by {deployment.createdBy ?? 'unknown'}
        </Text>
        {kind && (
          <Text size="sm" c="dimmed">
            {kind}
          </Text>
        )}
        <Text size="sm">{diffCounts(deployment)}</Text>
        {deployment.diff.length > 0 && (
          <Button variant="default" size="compact-sm" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
            {open ? 'Hide changes' : `Show ${deployment.diff.length} ${deployment.diff.length === 1 ? 'change' : 'changes'}`}
          </Button>
        )}
      </Group>
      {deployment.error && (
        <Text size="sm" c="red" mt={4} style={{ whiteSpace: 'pre-wrap' }} aria-label="What the client was told">
          {deployment.error}
        </Text>
      )}
      {open && (
        <List id={listId} size="sm" mt="xs" spacing={2} aria-label="Changes">
          {deployment.diff.map((entry) => (
            <List.Item key={`${entry.type}:${entry.logicalId}:${entry.action}`}>
              {humanLabel(entry.action)} {humanLabel(entry.type).toLowerCase()} <Code>{entry.logicalId}</Code>
              {entry.physicalId !== null && entry.physicalId !== undefined && (
                <Text span size="xs" c="dimmed">
                  {' '}
                  (id {String(entry.physicalId)})
                </Text>
              )}
            </List.Item>
          ))}
        </List>
      )}
    </Paper>
  );
}

export function ProjectDeployments({ deployments }: { deployments: readonly DeploymentView[] }) {
  if (deployments.length === 0) return <Text size="sm" c="dimmed">Not deployed yet.</Text>;
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Deployments">
      {deployments.map((deployment) => (
        <DeploymentItem key={deployment.id} deployment={deployment} />
      ))}
    </Stack>
  );
}
