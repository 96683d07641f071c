import { z } from 'zod';
import { ApiCheckResult, ApiResultSummary } from '../schemas/api-check';
import type { StoredResultFacts } from './define';
import { httpEvidence } from './evidence';

/**
 * The result half of the API and URL modules, which share the public CheckResultAPI shape and its
 * member `apiCheckResult`. A passing run stores a summary (status only: its assertions are in the
 * result's own detail), so every passing run of a check points at one stored body; a failing or
 * degraded run stores the request and response in full.
 */
export const HTTP_RESULT = {
  key: 'apiCheckResult',
  schema: ApiCheckResult,
  // The public API types it loosely (CheckResultAPI: freeform objects).
  api: z.record(z.string(), z.unknown()),
  detailKey: 'api',
  toDetail: (payload: ApiCheckResult): unknown => (payload.kept === 'summary' ? { summary: true, status: payload.response.status, statusText: payload.response.statusText } : payload),
  fromDetail: (stored: unknown, { assertions, requestError }: StoredResultFacts): Record<string, unknown> | null => {
    const summary = ApiResultSummary.safeParse(stored);
    if (summary.success) {
      return {
        assertions,
        request: null,
        response: { status: summary.data.status, statusText: summary.data.statusText, body: '', headers: null, timings: null, timingPhases: null },
        requestError,
        kept: 'summary',
      };
    }
    const full = ApiCheckResult.safeParse(stored);
    if (!full.success) return null;
    const { kept, ...rest } = full.data;
    return { ...rest, assertions, requestError: rest.requestError ?? requestError, kept };
  },
  evidence: (payload: Record<string, unknown>) => httpEvidence(payload),
} as const;
