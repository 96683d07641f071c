import { UrlMonitorCreate, UrlMonitorRead, UrlMonitorUpdate, UrlRunInput } from '../schemas/api-check';
import { HTTP_RUNS_PER_CORE } from './api';
import { defineCheckType } from './define';
import { HTTP_RESULT } from './http-result';

export const URL_CHECK_TYPE = defineCheckType({
  checkType: 'URL',
  name: 'URL',
  noun: 'monitor',
  article: 'a',
  segment: 'url',
  procedure: 'Url',
  create: UrlMonitorCreate,
  update: UrlMonitorUpdate,
  read: UrlMonitorRead,
  mergedObjects: ['request'],
  run: {
    input: UrlRunInput,
    timeoutMs: (check) => (check.maxResponseTime ?? 20_000) + 5_000,
    takesVariables: false,
    firstRunAtCreate: true,
    sendNow: true,
    lane: { defaultCapacity: (facts) => facts.cores * HTTP_RUNS_PER_CORE, defaultsText: `${HTTP_RUNS_PER_CORE} per core` },
  },
  result: HTTP_RESULT,
});
