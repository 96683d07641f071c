import type { MultiStepError } from '../../../src-shared/schemas/result-payloads';

export interface ErrorGroup {
  error: MultiStepError;
  count: number;
}

const keyOf = (error: MultiStepError) =>
  JSON.stringify([error.message, error.location?.file, error.location?.line, error.location?.column, error.snippet]);

/** Identical errors (same message, place and code frame) once each with how often they occurred, in first-seen order. */
export function groupErrors(errors: readonly MultiStepError[]): ErrorGroup[] {
  const groups = new Map<string, ErrorGroup>();
  for (const error of errors) {
    const key = keyOf(error);
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { error, count: 1 });
  }
  return [...groups.values()];
}
