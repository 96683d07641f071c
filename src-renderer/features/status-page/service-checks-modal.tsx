import { Button, Group, Modal, MultiSelect, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CheckRef } from '../../../src-shared/schemas/status-page-public';
import { FormAlerts } from '../../components/form-alerts';
import { errorMessage } from '../../lib/api-errors';
import { useTRPC } from '../../lib/trpc';

interface ServiceChecksModalProps {
  service: { id: string; name: string };
  linked: CheckRef[];
  checks: CheckRef[];
  onClose: () => void;
}

/** Chooses the checks behind a service; mount it only while it is open. */
export function ServiceChecksModal({ service, linked, checks, onClose }: ServiceChecksModalProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [checkIds, setCheckIds] = useState(linked.map((check) => check.id));
  const save = useMutation(
    trpc.statusPages.services.setChecks.mutationOptions({
      onSuccess: async (saved) => {
        notifications.show({ color: 'teal', title: 'Checks linked', message: `“${service.name}” is backed by ${saved.checks.length} check${saved.checks.length === 1 ? '' : 's'}.` });
        onClose();
        await queryClient.invalidateQueries(trpc.statusPages.pathFilter());
      },
    }),
  );
  return (
    <Modal opened onClose={onClose} title={`Checks behind ${service.name}`} centered size="lg">
      <form
        aria-label={`Checks behind ${service.name}`}
        onSubmit={(event) => {
          event.preventDefault();
          save.mutate({ id: service.id, checkIds });
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            Their hourly results make the service’s 90-day uptime bars on public pages, and a failing or degraded check shows in its current state.
            Visitors see only the service’s name — never the checks, their targets or results.
          </Text>
          <MultiSelect
            label="Checks"
            placeholder={checks.length === 0 ? 'No checks yet — create a monitor first' : 'Pick checks'}
            data={checks.map((check) => ({ value: check.id, label: check.name }))}
            value={checkIds}
            onChange={setCheckIds}
            searchable
            clearable
            data-autofocus
          />
          <FormAlerts serverError={save.error ? errorMessage(save.error) : null} serverTitle="The checks were not linked" />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save checks
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
