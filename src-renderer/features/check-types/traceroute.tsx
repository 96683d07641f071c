import { NewTracerouteMonitorPage } from '../monitors/new-traceroute-monitor-page';
import { tracerouteValuesOf } from '../monitors/traceroute-form-model';
import { TracerouteMonitorForm } from '../monitors/traceroute-monitor-form';
import { TracerouteResultView } from '../results/traceroute-result-view';
import { readPayload, TracerouteCheckResult } from '../../../src-shared/schemas/result-payloads';
import type { ConsoleCheckType } from './console-check-type';

export const TRACEROUTE_CONSOLE: ConsoleCheckType<'TRACEROUTE'> = {
  NewPage: NewTracerouteMonitorPage,
  EditForm: ({ id: _id, check, onSave, ...form }) => <TracerouteMonitorForm initialValues={tracerouteValuesOf(check)} onSubmit={onSave} {...form} />,
  ResultView: ({ result }) => {
    const traceroute = readPayload(TracerouteCheckResult, result.tracerouteCheckResult);
    return traceroute ? <TracerouteResultView traceroute={traceroute} assertions={result.tracerouteCheckResult?.assertions} /> : null;
  },
  update: (client, id, patch) => client.checks.updateTraceroute.mutate({ id, patch }),
};
