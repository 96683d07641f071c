import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { APP_ERROR_STATUS, AppError, concurrentWriteConflict, isAppError } from '../../core/errors';
import type { Logger } from '../../core/logger';
import { errorBody, type ErrorBody } from '../../../src-shared/errors';
import { bodyTooLargeMessage } from '../body-limit';

function fieldOf(instancePath: string): string {
  return instancePath.replace(/^\//, '').split('/').filter(Boolean).map((p) => (/^\d+$/.test(p) ? `[${p}]` : p)).join('.').replace(/\.\[/g, '[');
}

/**
 * The one mapping from anything thrown during a REST request to the spec's error body; `bodyLimit`
 * is the route's, which a 413 names.
 */
export function toRestError(error: unknown, logger: Logger, bodyLimit?: number): ErrorBody {
  if (isAppError(error)) return errorBody(APP_ERROR_STATUS[error.kind], error.message, error.attributes);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const message = error.validation
      .map((v) => {
        const field = fieldOf(v.instancePath);
        return field ? `${field}: ${v.message}` : v.message;
      })
      .join('; ');
    return errorBody(400, message);
  }
  const fastifyError = error as Partial<FastifyError>;
  if (fastifyError.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (error instanceof SyntaxError && fastifyError.statusCode === 400)) {
    return errorBody(400, `Body is not valid JSON: ${fastifyError.message ?? 'parse error'}`);
  }
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    return errorBody(413, bodyTooLargeMessage(bodyLimit));
  }
  if (fastifyError.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
    return errorBody(400, 'Body must be a JSON object, but it is empty');
  }
  const conflict = concurrentWriteConflict(error);
  if (conflict) {
    logger.warn({ err: error }, 'a write lost a race with another server and was answered 409');
    return errorBody(409, conflict.message);
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return errorBody(status, fastifyError.message ?? 'Bad Request');
  }
  logger.error({ err: error }, 'unexpected error while answering a request');
  return errorBody(500, 'Internal Server Error: the failure was logged on the server');
}

export function restErrorHandler(logger: Logger) {
  return (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
    const body = toRestError(error, logger, request.routeOptions.bodyLimit);
    if (body.statusCode === 429 && body.attributes?.retryAfterSeconds !== undefined) {
      reply.header('retry-after', String(body.attributes.retryAfterSeconds));
    }
    return reply.status(body.statusCode).type('application/json; charset=utf-8').send(body);
  };
}

/** The 429 of @fastify/rate-limit, as an AppError so it gets the spec's body and a retry-after header. */
export function rateLimitError(max: number, windowMs: number, ttlMs: number): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil(ttlMs / 1000));
  return new AppError('rate_limited', `Rate limit exceeded: ${max} requests per ${windowMs / 1000} s per API key. Retry in ${retryAfterSeconds} s.`, {
    limit: max,
    remaining: 0,
    retryAfterSeconds,
  });
}
