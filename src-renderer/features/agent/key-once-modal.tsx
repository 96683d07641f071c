import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { agentCommands } from './agent-command';

interface KeyOnceModalProps {
  /** The raw key as the server returned it; null keeps the modal closed. Only its hash is stored, so this is the one chance to copy it. */
  shown: { locationName: string; rawKey: string } | null;
  onClose: () => void;
}

function CopyAction({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button size="xs" variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
          {copied ? 'Copied' : label}
        </Button>
      )}
    </CopyButton>
  );
}

export function KeyOnceModal({ shown, onClose }: KeyOnceModalProps) {
  const commands = shown ? agentCommands(shown.rawKey) : null;
  return (
    <Modal opened={shown !== null} onClose={onClose} title="New agent key" centered size="lg" closeOnClickOutside={false}>
      {shown && commands && (
        <Stack gap="sm">
          <Text size="sm">
            A key of <strong>{shown.locationName}</strong>:
          </Text>
          <Code block aria-label="Agent key" style={{ wordBreak: 'break-all' }}>
            {shown.rawKey}
          </Code>
          <Group justify="flex-end">
            <CopyAction value={shown.rawKey} label="Copy key" />
          </Group>
          <Text size="sm">
            Start an agent on a machine in that network, from a Sightline checkout (after <Code>npm ci</Code>):
          </Text>
          <Code block aria-label="Agent command" style={{ wordBreak: 'break-all' }}>
            {commands.fromCheckout}
          </Code>
          <Group justify="flex-end">
            <CopyAction value={commands.fromCheckout} label="Copy command" />
          </Group>
          <Text size="sm" c="dimmed">
            Once the sightline package is published to npm, this works without a checkout: <Code>{commands.published}</Code>
          </Text>
          <Alert color="yellow" variant="light" title="Copy it now">
            Sightline keeps only a hash of the key, so it is shown this once. If it is lost, add a new key and revoke this one.
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
