import { icmpValuesOf } from '../monitors/icmp-form-model';
import { IcmpMonitorForm } from '../monitors/icmp-monitor-form';
import { NewIcmpMonitorPage } from '../monitors/new-icmp-monitor-page';
import { IcmpResultView } from '../results/icmp-result-view';
import type { ConsoleCheckType } from './console-check-type';

export const ICMP_CONSOLE: ConsoleCheckType<'ICMP'> = {
  NewPage: NewIcmpMonitorPage,
  EditForm: ({ id: _id, check, onSave, ...form }) => <IcmpMonitorForm initialValues={icmpValuesOf(check)} onSubmit={onSave} {...form} />,
  ResultView: ({ result }) => (result.icmpCheckResult ? <IcmpResultView icmp={result.icmpCheckResult} /> : null),
  update: (client, id, patch) => client.checks.updateIcmp.mutate({ id, patch }),
};
