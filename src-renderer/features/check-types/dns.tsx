import { dnsValuesOf } from '../monitors/dns-form-model';
import { DnsMonitorForm } from '../monitors/dns-monitor-form';
import { NewDnsMonitorPage } from '../monitors/new-dns-monitor-page';
import { DnsResultView } from '../results/dns-result-view';
import type { ConsoleCheckType } from './console-check-type';

export const DNS_CONSOLE: ConsoleCheckType<'DNS'> = {
  NewPage: NewDnsMonitorPage,
  EditForm: ({ id: _id, check, onSave, ...form }) => <DnsMonitorForm initialValues={dnsValuesOf(check)} onSubmit={onSave} {...form} />,
  ResultView: ({ result }) => (result.dnsCheckResult ? <DnsResultView dns={result.dnsCheckResult} responseTime={result.responseTime ?? 0} /> : null),
  update: (client, id, patch) => client.checks.updateDns.mutate({ id, patch }),
};
