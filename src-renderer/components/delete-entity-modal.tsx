import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api-errors';
import { ConfirmDeleteModal } from './confirm-delete-modal';

/** The parts of a react-query delete mutation the dialog shows. */
interface DeleteMutationState {
  isPending: boolean;
  error: unknown;
  reset: () => void;
}

interface DeleteEntityModalProps {
  opened: boolean;
  /** What is deleted, e.g. "monitor": titles the dialog and its error. */
  noun: string;
  mutation: DeleteMutationState;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}

/** Confirms deleting one stored thing and shows why the server refused, if it did; closing forgets that refusal. */
export function DeleteEntityModal({ opened, noun, mutation, onConfirm, onClose, children }: DeleteEntityModalProps) {
  return (
    <ConfirmDeleteModal
      opened={opened}
      title={`Delete ${noun}`}
      deleting={mutation.isPending}
      error={mutation.error ? errorMessage(mutation.error) : null}
      errorTitle={`The ${noun} was not deleted`}
      onConfirm={onConfirm}
      onClose={() => {
        mutation.reset();
        onClose();
      }}
    >
      {children}
    </ConfirmDeleteModal>
  );
}
