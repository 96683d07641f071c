import { SESSION_STATUSES, type SessionStatus } from '../../../src-shared/rules/session-status';
import { RUN_SOURCES, type RunSource } from '../../../src-shared/schemas/check-session';

/** Stored codes are indexes into the append-only lists. */
export const statusCode = (status: SessionStatus): number => SESSION_STATUSES.indexOf(status);
export const statusOf = (code: number): SessionStatus => SESSION_STATUSES[code] ?? 'STARTED';
export const runSourceCode = (source: RunSource): number => RUN_SOURCES.indexOf(source);
export const runSourceOf = (code: number): RunSource => RUN_SOURCES[code] ?? 'SCHEDULER';

