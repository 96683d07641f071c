import { Switch, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { PlainSwitch } from '../../components/plain-controls';
import { errorMessage } from '../../lib/api-errors';
import { isEditableCheckType, useUpdateCheck } from './use-update-check';

interface ActivationSwitchProps {
  id: string;
  name: string;
  checkType: string;
  activated: boolean;
  withLabel?: boolean;
}

/** Activates or pauses a monitor in place (PUT with `activated` only). */
export function ActivationSwitch({ id, name, checkType, activated, withLabel = false }: ActivationSwitchProps) {
  const update = useUpdateCheck();
  const editable = isEditableCheckType(checkType);
  const toggle = (next: boolean) => {
    if (!isEditableCheckType(checkType)) return;
    update.mutate(
      { checkType, id, patch: { activated: next } },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            title: next ? 'Monitor activated' : 'Monitor paused',
            message: next ? `“${name}” runs again from its next slot.` : `“${name}” keeps its settings but does not run.`,
          }),
        onError: (error) =>
          notifications.show({ color: 'red', title: `“${name}” was not ${next ? 'activated' : 'paused'}`, message: `${errorMessage(error)} Try again.` }),
      },
    );
  };
  // The list's switch, enabled and unlabelled, is drawn as plain elements (the same markup, cheaper: plain-controls.tsx).
  const plain = editable && !withLabel && !update.isPending;
  const control = plain ? (
    <PlainSwitch label={`Active: ${name}`} checked={activated} onChange={(event) => toggle(event.currentTarget.checked)} />
  ) : (
    <Switch
      size="sm"
      aria-label={`Active: ${name}`}
      label={withLabel ? (activated ? 'Active' : 'Paused') : undefined}
      checked={activated}
      disabled={!editable || update.isPending}
      onChange={(event) => toggle(event.currentTarget.checked)}
    />
  );
  return editable ? control : <Tooltip label={`${checkType} checks are paused through the API`}>{control}</Tooltip>;
}
