import { NewSslMonitorPage } from '../monitors/new-ssl-monitor-page';
import { sslValuesOf } from '../monitors/ssl-form-model';
import { SslMonitorForm } from '../monitors/ssl-monitor-form';
import { SslResultView } from '../results/ssl-result-view';
import { readPayload, SslResultPayload } from '../../../src-shared/schemas/result-payloads';
import type { ConsoleCheckType } from './console-check-type';

export const SSL_CONSOLE: ConsoleCheckType<'SSL'> = {
  NewPage: NewSslMonitorPage,
  EditForm: ({ id: _id, check, onSave, ...form }) => <SslMonitorForm initialValues={sslValuesOf(check)} onSubmit={onSave} {...form} />,
  ResultView: ({ result }) => {
    const ssl = readPayload(SslResultPayload, result.sslCheckResult);
    return ssl ? <SslResultView ssl={ssl} /> : null;
  },
  update: (client, id, patch) => client.checks.updateSsl.mutate({ id, patch }),
};
