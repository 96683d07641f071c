import { z } from 'zod';
import { HTTP_ERROR_NAMES } from '../../../src-shared/errors';

/** Query booleans arrive as strings. */
export const QueryBoolean = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);

export const AutoAssignQuery = z.object({
  autoAssignAlerts: QueryBoolean.default(true),
});

/** Check ids are uuids; anything else cannot name a check, so it is a 404 like an unknown id. */
export const IdParams = z.object({ id: z.string().min(1) });

export const ErrorResponse = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  attributes: z.record(z.string(), z.unknown()).optional(),
});

export function errorResponses(...codes: number[]): Record<number, z.ZodType> {
  return Object.fromEntries(codes.map((code) => [code, ErrorResponse.describe(HTTP_ERROR_NAMES[code] ?? 'Error')]));
}
