import { Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { MaintenanceWindowCreate } from '../../../src-shared/schemas/maintenance-window';
import { errorMessage } from '../../lib/api-errors';
import { useTRPC } from '../../lib/trpc';
import type { MaintenanceWindowView } from './maintenance-display';
import { MaintenanceForm } from './maintenance-form';
import { newMaintenanceValues, valuesOf } from './maintenance-form-model';

interface MaintenanceWindowModalProps {
  /** The window to edit; null for a new one. */
  editing: MaintenanceWindowView | null;
  /** When "New window" was pressed: a new window starts at the next whole hour after it. */
  newAt: number;
  opened: boolean;
  onClose: () => void;
}

/** Creates or edits a window; both lists (windows, monitors in maintenance) are read again after a save. */
export function MaintenanceWindowModal({ editing, newAt, opened, onClose }: MaintenanceWindowModalProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const onSuccess = async (saved: Pick<MaintenanceWindowView, 'name'>) => {
    notifications.show({ color: 'teal', title: 'Maintenance window saved', message: `“${saved.name}” is saved.` });
    onClose();
    await queryClient.invalidateQueries(trpc.maintenanceWindows.pathFilter());
  };
  const create = useMutation(trpc.maintenanceWindows.create.mutationOptions({ onSuccess }));
  const update = useMutation(trpc.maintenanceWindows.update.mutationOptions({ onSuccess }));
  const pending = create.isPending || update.isPending;
  const error = create.error ?? update.error;
  const [inTagField, setInTagField] = useState(false);
  const close = () => {
    setInTagField(false);
    create.reset();
    update.reset();
    onClose();
  };
  const submit = (body: MaintenanceWindowCreate) => (editing ? update.mutate({ id: editing.id, window: body }) : create.mutate(body));
  const title = editing ? `Edit ${editing.name}` : 'New maintenance window';
  return (
    <Modal opened={opened} onClose={close} closeOnEscape={!inTagField} title={title} size="lg" centered>
      {opened && (
        <MaintenanceForm
          key={editing?.id ?? 'new'}
          label={title}
          initialValues={editing ? valuesOf(editing) : newMaintenanceValues(newAt)}
          kept={editing ? { checkIds: editing.checkIds } : undefined}
          submitLabel={editing ? 'Save window' : 'Create window'}
          submitting={pending}
          serverError={error ? errorMessage(error) : null}
          onSubmit={submit}
          onCancel={close}
          onTagFieldFocus={setInTagField}
        />
      )}
    </Modal>
  );
}
