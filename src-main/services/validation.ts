import type { z } from 'zod';
import { AppError } from '../core/errors';
import { describeIssues } from '../../src-shared/errors';

/** Parses with a shared schema; a failure is a 400 whose message names each bad field. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw new AppError('validation', describeIssues(result.error.issues));
  return result.data;
}
