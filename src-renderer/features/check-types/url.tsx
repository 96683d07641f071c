import { NewUrlMonitorPage } from '../monitors/new-url-monitor-page';
import { urlValuesOf } from '../monitors/url-form-model';
import { UrlMonitorForm } from '../monitors/url-monitor-form';
import { HttpResultView, readHttpPayload } from '../results/http-result-view';
import type { ConsoleCheckType } from './console-check-type';

/** A URL monitor's result has the API check's shape (`apiCheckResult`), so it reuses that view. */
export const URL_CONSOLE: ConsoleCheckType<'URL'> = {
  NewPage: NewUrlMonitorPage,
  EditForm: ({ id: _id, check, onSave, ...form }) => <UrlMonitorForm initialValues={urlValuesOf(check)} onSubmit={onSave} {...form} />,
  ResultView: ({ result }) => {
    const http = readHttpPayload(result.apiCheckResult);
    return http ? <HttpResultView http={http} /> : null;
  },
  update: (client, id, patch) => client.checks.updateUrl.mutate({ id, patch }),
};
