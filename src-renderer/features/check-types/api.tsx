import { apiValuesOf } from '../monitors/api-form-model';
import { ApiCheckForm } from '../monitors/api-check-form';
import { NewApiCheckPage } from '../monitors/new-api-check-page';
import { HttpResultView, readHttpPayload } from '../results/http-result-view';
import type { ConsoleCheckType } from './console-check-type';

export const API_CONSOLE: ConsoleCheckType<'API'> = {
  NewPage: NewApiCheckPage,
  EditForm: ({ id, check, onSave, ...form }) => <ApiCheckForm checkId={id} initialValues={apiValuesOf(check)} onSubmit={onSave} {...form} />,
  ResultView: ({ result }) => {
    const http = readHttpPayload(result.apiCheckResult);
    return http ? <HttpResultView http={http} /> : null;
  },
  update: (client, id, patch) => client.checks.updateApi.mutate({ id, patch }),
};
