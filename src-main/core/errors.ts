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

/**
 * A write that lost a race with another server's write of the same thing (team mode, several
 * servers on one PostgreSQL), as the 409 the client gets: a unique index refused a second row
 * (`23505`), or PostgreSQL ended one of two transactions waiting on each other (`40P01`, `40001`).
 * The repositories decide such writes under row locks (docs/DECISIONS.md, issue 35's race table),
 * so this is the last guard, never the usual path. Looks through drizzle's wrapping (`cause`).
 * Null for anything else. On SQLite one process's writes take turns: nothing races there.
 */
export function concurrentWriteConflict(error: unknown): AppError | null {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') {
      const what = typeof constraint === 'string' ? ` (${constraint})` : '';
      return new AppError('conflict', `Another write of the same item was stored at the same moment${what}; read it again and retry.`);
    }
    if (code === '40P01' || code === '40001') {
      return new AppError('conflict', 'Another write of the same items ran at the same moment and this one was stopped; retry.');
    }
  }
  return null;
}
