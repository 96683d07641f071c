import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { LoadingBlock } from '../../components/loading-block';
import { AccessNote } from '../../components/access';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { mutationFormState } from '../../lib/schema-form';
import { useTRPC } from '../../lib/trpc';
import { CodeOwnerWarning } from '../projects/code-owner-warning';
import { RUN_TYPES_IN_WORDS, type RunType } from '../../../src-shared/check-types';
import { checkTypeNoun, CONSOLE_CHECK_TYPES } from '../check-types';
import type { EditFormProps } from '../check-types/console-check-type';
import { isEditableCheckType, useUpdateCheck, type CheckUpdate } from './use-update-check';

/** The type's own form; each takes its own type's patch, which the compiler cannot follow through `type`. */
function EditForm({ type, ...props }: EditFormProps<RunType> & { type: RunType }) {
  const Form = CONSOLE_CHECK_TYPES[type].EditForm as ComponentType<EditFormProps<RunType>>;
  return <Form {...props} />;
}

export function EditMonitorPage() {
  const { id = '' } = useParams();
  const trpc = useTRPC();
  const navigate = useNavigate();
  const check = useQuery(trpc.checks.get.queryOptions({ id }));
  const update = useUpdateCheck();

  const save = (change: CheckUpdate) =>
    update.mutate(change, {
      onSuccess: (saved) => {
        notifications.show({ color: 'teal', title: 'Monitor saved', message: `“${saved.name}” runs with its new settings from its next run.` });
        void navigate(`/monitors/${id}`);
      },
    });
  const cancel = () => void navigate(`/monitors/${id}`);
  const shared = {
    submitLabel: 'Save changes',
    onCancel: cancel,
    ...mutationFormState(update, 'The server did not save the monitor'),
  };

  if (check.isPending) return <LoadingBlock label="Loading monitor" />;
  if (check.isError) return <QueryError title="The monitor could not be loaded" error={check.error} onRetry={() => void check.refetch()} />;

  const data = check.data;
  const type = isEditableCheckType(data.checkType) ? data.checkType : null;
  const title = `Edit ${type ? checkTypeNoun(type) : 'monitor'}`;
  return (
    <>
      <PageHeader title={title} description={`Changes to “${data.name}” apply from its next run.`} />
      <AccessNote access="write">This monitor is read-only for this key</AccessNote>
      <CodeOwnerWarning type="check" id={id} />
      {type && <EditForm type={type} id={id} check={data} label={title} onSave={(patch) => save({ checkType: type, id, patch } as CheckUpdate)} {...shared} />}
      {!type && (
        <EmptyState
          title={`${data.checkType} checks are edited through the API`}
          action={
            <Button component={Link} to={`/monitors/${id}`} variant="light">
              Back to the monitor
            </Button>
          }
        >
          The console edits {RUN_TYPES_IN_WORDS} checks. Use PUT /v1/checks/… for this one.
        </EmptyState>
      )}
    </>
  );
}
