import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';

interface DeleteMonitorModalProps {
  /** The monitor waiting for confirmation; null keeps the modal closed. */
  monitorName: string | null;
  deleting: boolean;
  error: string | null;
  onConfirm: () => void;
  onClose: () => void;
}

export function DeleteMonitorModal({ monitorName, deleting, error, onConfirm, onClose }: DeleteMonitorModalProps) {
  return (
    <Modal opened={monitorName !== null} onClose={onClose} title="Delete monitor" centered>
      <Stack gap="md">
        <Text size="sm">
          Delete <strong>{monitorName}</strong>? It stops running at once, and its results and alert history go with it.
          This cannot be undone.
        </Text>
        {error && (
          <Alert color="red" variant="light" role="alert" title="The monitor was not deleted">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={deleting} onClick={onConfirm} data-autofocus>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
