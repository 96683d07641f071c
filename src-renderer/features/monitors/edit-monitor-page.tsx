import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { LoadingBlock } from '../../components/loading-block';
import { AccessNote } from '../../components/access';
import { PageHeader } from '../../components/page-header';
import { QueryError } from '../../components/query-error';
import { mutationFormState } from '../../lib/schema-form';
import { useTRPC } from '../../lib/trpc';
import { CodeOwnerWarning } from '../projects/code-owner-warning';
import { icmpValuesOf } from './icmp-form-model';
import { IcmpMonitorForm } from './icmp-monitor-form';
import { multiStepValuesOf } from './multistep-form-model';
import { MultiStepCheckForm } from './multistep-check-form';
import { tracerouteValuesOf } from './traceroute-form-model';
import { TracerouteMonitorForm } from './traceroute-monitor-form';
import { useUpdateCheck, type CheckUpdate } from './use-update-check';

const TYPE_NAMES: Record<string, string> = { ICMP: 'ICMP monitor', TRACEROUTE: 'traceroute monitor', MULTI_STEP: 'multi-step check' };

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
  const title = `Edit ${TYPE_NAMES[data.checkType] ?? 'monitor'}`;
  return (
    <>
      <PageHeader title={title} description={`Changes to “${data.name}” apply from its next run.`} />
      <AccessNote access="write">This monitor is read-only for this key</AccessNote>
      <CodeOwnerWarning type="check" id={id} />
      {data.checkType === 'ICMP' && (
        <IcmpMonitorForm label={title} initialValues={icmpValuesOf(data)} onSubmit={(patch) => save({ checkType: 'ICMP', id, patch })} {...shared} />
      )}
      {data.checkType === 'TRACEROUTE' && (
        <TracerouteMonitorForm
          label={title}
          initialValues={tracerouteValuesOf(data)}
          onSubmit={(patch) => save({ checkType: 'TRACEROUTE', id, patch })}
          {...shared}
        />
      )}
      {data.checkType === 'MULTI_STEP' && (
        <MultiStepCheckForm
          checkId={id}
          label={title}
          initialValues={multiStepValuesOf(data)}
          onSubmit={(patch) => save({ checkType: 'MULTI_STEP', id, patch })}
          {...shared}
        />
      )}
      {!(data.checkType in TYPE_NAMES) && (
        <EmptyState
          title={`${data.checkType} checks are edited through the API`}
          action={
            <Button component={Link} to={`/monitors/${id}`} variant="light">
              Back to the monitor
            </Button>
          }
        >
          The console edits ICMP, traceroute and multi-step checks. Use PUT /v1/checks/… for this one.
        </EmptyState>
      )}
    </>
  );
}
