import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';

interface NewKeyModalProps {
  /** The key as the server returned it; null keeps the modal closed. Only its hash is stored, so this is the one chance to copy it. */
  created: { memberName: string; apiKey: string; role: string } | null;
  onClose: () => void;
}

export function NewKeyModal({ created, onClose }: NewKeyModalProps) {
  return (
    <Modal opened={created !== null} onClose={onClose} title="New API key" centered size="lg" closeOnClickOutside={false}>
      {created && (
        <Stack gap="md">
          <Text size="sm">
            The {created.role} key of <strong>{created.memberName}</strong>:
          </Text>
          <Code block aria-label="API key" style={{ wordBreak: 'break-all' }}>
            {created.apiKey}
          </Code>
          <Alert color="yellow" variant="light" title="Copy it now">
            Sightline keeps only a hash of the key, so it is shown this once. If it is lost, create a new one.
          </Alert>
          <Group justify="flex-end" gap="sm">
            <CopyButton value={created.apiKey}>
              {({ copied, copy }) => (
                <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                  {copied ? 'Copied' : 'Copy key'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
