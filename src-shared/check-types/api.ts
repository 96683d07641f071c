import { ApiCheckCreate, ApiCheckRead, ApiCheckUpdate, ApiRunInput, apiScriptAllowanceMs } from '../schemas/api-check';
import { defineCheckType } from './define';
import { HTTP_RESULT } from './http-result';

/** Time beyond maxResponseTime a run may take: the request is stopped at maxResponseTime, then scripts and assertions. */
const API_RUN_ALLOWANCE_MS = 5_000;
/** HTTP runs at once per core: a run is a socket waiting on the network, about half a millisecond of CPU (bench/RESULTS.md, api-30k). */
export const HTTP_RUNS_PER_CORE = 256;

export const API_CHECK_TYPE = defineCheckType({
  checkType: 'API',
  name: 'API',
  noun: 'check',
  article: 'an',
  segment: 'api',
  procedure: 'Api',
  create: ApiCheckCreate,
  update: ApiCheckUpdate,
  read: ApiCheckRead,
  mergedObjects: ['request'],
  run: {
    input: ApiRunInput,
    // Setup and teardown scripts add their own limit each (a check without scripts adds nothing).
    timeoutMs: (check) => (check.maxResponseTime ?? 20_000) + API_RUN_ALLOWANCE_MS + apiScriptAllowanceMs(check),
    takesVariables: true,
    firstRunAtCreate: true,
    sendNow: true,
    lane: { defaultCapacity: (facts) => facts.cores * HTTP_RUNS_PER_CORE, defaultsText: `${HTTP_RUNS_PER_CORE} per core` },
    groupDefaults: (group) => ({ groupDefaults: group.apiCheckDefaults ?? null }),
  },
  result: HTTP_RESULT,
});
