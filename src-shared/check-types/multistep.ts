import { z } from 'zod';
import { MultiStepCheckCreate, MultiStepCheckRead, MultiStepCheckUpdate, MultiStepRunInput } from '../schemas/multistep-check';
import { MultiStepCheckResult } from '../schemas/result-payloads';
import { defineCheckType } from './define';

/** A multi-step run's limit when the check sets no maxResponseTime: API flows finish in seconds. */
export const DEFAULT_MULTI_STEP_TIMEOUT_MS = 30_000;
/** The shortest multi-step limit, whatever maxResponseTime says (Playwright needs a moment per step). */
const MIN_MULTI_STEP_TIMEOUT_MS = 1_000;
/** Multi-step runs at once per core on the warm runtime: an API flow mostly waits on the network (bench/RESULTS.md, multistep-flow). */
export const WARM_MULTI_STEP_RUNS_PER_CORE = 16;

export const MULTI_STEP_CHECK_TYPE = defineCheckType({
  checkType: 'MULTI_STEP',
  name: 'multi-step',
  noun: 'check',
  article: 'a',
  segment: 'multistep',
  procedure: 'MultiStep',
  create: MultiStepCheckCreate,
  update: MultiStepCheckUpdate,
  read: MultiStepCheckRead,
  mergedObjects: [],
  run: {
    input: MultiStepRunInput,
    // maxResponseTime stops the run (a slower one fails anyway); the executor adds a start-up allowance.
    timeoutMs: (check) =>
      typeof check.maxResponseTime === 'number' ? Math.max(MIN_MULTI_STEP_TIMEOUT_MS, Math.ceil(check.maxResponseTime)) : DEFAULT_MULTI_STEP_TIMEOUT_MS,
    takesVariables: true,
    // A run on the full path keeps a core busy while Playwright starts; on the warm runtime it mostly waits on the network.
    lane: { defaultCapacity: (facts) => (facts.warmMultiStep ? facts.cores * WARM_MULTI_STEP_RUNS_PER_CORE : facts.cores), defaultsText: 'one per core' },
  },
  result: {
    key: 'multiStepCheckResult',
    schema: MultiStepCheckResult,
    // The public API types it loosely: a MultiStepCheckResult plus assertions and requestError.
    api: z.record(z.string(), z.unknown()),
    detailKey: 'multiStep',
    toDetail: (payload) => payload,
    fromDetail: (stored, { assertions, requestError }) => (stored ? { ...(stored as MultiStepCheckResult), assertions, requestError } : null),
  },
});
