import { Button, Group, Paper, SegmentedControl, Select, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { MemberCreate, MemberInvite, ROLES } from '../../../src-shared/schemas/account';
import { FormAlerts } from '../../components/form-alerts';
import { errorMessage } from '../../lib/api-errors';
import { SCHEMA_ERROR_KEY, mirroredField, toFormErrors, validateWithSchema } from '../../lib/schema-form';
import { useTRPC, type RouterOutputs } from '../../lib/trpc';

type Mode = 'add' | 'invite';
type Role = (typeof ROLES)[number];

interface MemberValues {
  mode: Mode;
  name: string;
  email: string;
  role: Role;
}

const LABELS = { name: 'Name', email: 'Email' };

function bodyOf(values: MemberValues) {
  return { name: values.name.trim(), email: values.email.trim(), role: values.role };
}

interface AddMemberFormProps {
  onAdded: (member: RouterOutputs['accounts']['members']['add']) => void;
}

export function AddMemberForm({ onAdded }: AddMemberFormProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const form = useForm<MemberValues>({
    initialValues: { mode: 'add', name: '', email: '', role: 'READ_ONLY' },
    validate: (values) => {
      const body = bodyOf(values);
      const schema = values.mode === 'add' ? MemberCreate : MemberInvite;
      return toFormErrors(validateWithSchema(schema, values.mode === 'invite' && !body.name ? { ...body, name: undefined } : body, mirroredField, LABELS));
    },
  });
  const refresh = () => queryClient.invalidateQueries(trpc.accounts.pathFilter());
  const add = useMutation(
    trpc.accounts.members.add.mutationOptions({
      onSuccess: async (member) => {
        form.reset();
        onAdded(member);
        await refresh();
      },
    }),
  );
  const invite = useMutation(
    trpc.accounts.members.invite.mutationOptions({
      onSuccess: async (invited) => {
        form.reset();
        notifications.show({ color: 'teal', title: 'Invite created', message: `${invited.email} is listed as pending.` });
        await refresh();
      },
    }),
  );
  const submit = (values: MemberValues) => {
    const body = bodyOf(values);
    if (values.mode === 'add') add.mutate(body);
    else if (body.role !== 'OWNER') invite.mutate({ email: body.email, role: body.role, name: body.name || undefined });
  };
  const pending = add.isPending || invite.isPending;
  const failure = add.error ?? invite.error;
  const roles = form.values.mode === 'invite' ? ROLES.filter((role) => role !== 'OWNER') : ROLES;

  return (
    <Paper withBorder p="md">
      <form onSubmit={form.onSubmit(submit)} aria-label="Add member" noValidate>
        <Stack gap="sm">
          <Title order={4}>Add a member</Title>
          <SegmentedControl
            w={320}
            aria-label="How to add"
            data={[
              { value: 'add', label: 'Add with an API key' },
              { value: 'invite', label: 'Invite' },
            ]}
            value={form.values.mode}
            onChange={(mode) => {
              form.setFieldValue('mode', mode as Mode);
              if (mode === 'invite' && form.values.role === 'OWNER') form.setFieldValue('role', 'ADMIN');
            }}
          />
          <Group align="flex-start" gap="sm" grow>
            <TextInput label={form.values.mode === 'add' ? 'Name' : 'Name (optional)'} withAsterisk={form.values.mode === 'add'} {...form.getInputProps('name')} />
            <TextInput label="Email" type="email" withAsterisk {...form.getInputProps('email')} />
            <Select label="Role" data={[...roles]} allowDeselect={false} {...form.getInputProps('role')} />
          </Group>
          <FormAlerts
            schemaError={form.errors[SCHEMA_ERROR_KEY]}
            serverError={failure ? errorMessage(failure) : null}
            serverTitle={form.values.mode === 'add' ? 'The member was not added' : 'The invite was not created'}
          />
          <Group>
            <Button type="submit" loading={pending}>
              {form.values.mode === 'add' ? 'Add member' : 'Send invite'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
