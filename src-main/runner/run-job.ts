import { runIcmp } from './executors/icmp';
import { runMultiStep } from './executors/multistep';
import { runTraceroute } from './executors/traceroute';
import type { Executor } from './types';

/** Runs one check once. A down target is a result with hasFailures; only a bug in Sightline throws. */
export const runJob: Executor = (job, deps) => {
  switch (job.checkType) {
    case 'ICMP':
      return runIcmp(job, deps);
    case 'TRACEROUTE':
      return runTraceroute(job, deps);
    case 'MULTI_STEP':
      return runMultiStep(job, deps);
  }
};
