import type { MultiStepError } from '../../../src-shared/schemas/result-payloads';

export interface ErrorGroup {
  error: MultiStepError;
  count: number;
}

export const errorKey = (error: MultiStepError) =>
  JSON.stringify([error.message, error.location?.file, error.location?.line, error.location?.column, error.snippet]);

/** Identical errors (same message, place and code frame) once each with how often they occurred, in first-seen order. */
export function groupErrors(errors: readonly MultiStepError[]): ErrorGroup[] {
  const groups = new Map<string, ErrorGroup>();
  for (const error of errors) {
    const key = errorKey(error);
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { error, count: 1 });
  }
  return [...groups.values()];
}

/**
 * What the run's "Errors" section lists, so an error is printed once: errors of the run outside any
 * test (a script that does not load), and an error several tests shared, once with its count. An
 * error of one test alone is shown under that test only.
 */
export function runLevelErrors(errors: readonly MultiStepError[], tests: readonly { errors: readonly MultiStepError[] }[]): ErrorGroup[] {
  const testsWith = new Map<string, number>();
  for (const test of tests) for (const key of new Set(test.errors.map(errorKey))) testsWith.set(key, (testsWith.get(key) ?? 0) + 1);
  return groupErrors(errors).filter(({ error }) => (testsWith.get(errorKey(error)) ?? 0) !== 1);
}
