import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface ConfirmDeleteModalProps {
  opened: boolean;
  /** The dialog's title and accessible name, e.g. "Delete monitor". */
  title: string;
  children: ReactNode;
  deleting: boolean;
  /** What the server answered when it refused, e.g. a 409 about checks still in a group. */
  error: string | null;
  errorTitle: string;
  confirmLabel?: string;
  onConfirm: () => void;
  onClose: () => void;
}

export function ConfirmDeleteModal({
  opened,
  title,
  children,
  deleting,
  error,
  errorTitle,
  confirmLabel = 'Delete',
  onConfirm,
  onClose,
}: ConfirmDeleteModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Text size="sm" component="div">
          {children}
        </Text>
        {error && (
          <Alert color="red" variant="light" role="alert" title={errorTitle}>
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" loading={deleting} onClick={onConfirm} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
