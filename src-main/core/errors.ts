export type AppErrorKind =
  | 'validation'
  | 'unauthorized'
  | 'payment_required'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'rate_limited'
  | 'timeout'
  | 'unavailable';

export const APP_ERROR_STATUS: Record<AppErrorKind, number> = {
  validation: 400,
  unauthorized: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  timeout: 408,
  conflict: 409,
  rate_limited: 429,
  unavailable: 503,
};

/** The one error type services throw; each transport maps it once (http/rest/error-mapper.ts, http/trpc/errors.ts). */
export class AppError extends Error {
  readonly kind: AppErrorKind;
  readonly attributes?: Record<string, unknown>;

  constructor(kind: AppErrorKind, message: string, attributes?: Record<string, unknown>) {
    super(message);
    this.name = 'AppError';
    this.kind = kind;
    this.attributes = attributes;
  }

  static notFound(): AppError {
    return new AppError('not_found', 'Not Found');
  }

  static badToken(): AppError {
    return new AppError('unauthorized', 'Bad Token');
  }

  static forbidden(): AppError {
    return new AppError('forbidden', 'Forbidden');
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}
