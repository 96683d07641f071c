import { HeartbeatCheckResult, HeartbeatResultPayload } from '../schemas/result-payloads';
import { HeartbeatCheckCreate, HeartbeatCheckRead, HeartbeatCheckUpdate, HeartbeatRunInput } from '../schemas/heartbeat-check';
import { defineCheckType, type EvidenceLine } from './define';
import { evidenceLines } from './evidence';

const EVENT_WORDS = {
  PING: 'ping',
  START: 'start ping',
  FAIL: 'fail ping',
  MISSED: 'no ping in time',
  RUN_NEVER_FINISHED: 'a run started and never finished',
} as const;

/** What an alert shows: what happened, when the ping was due, the last ping and the job's own words. */
function heartbeatEvidence(payload: HeartbeatResultPayload): EvidenceLine[] {
  const firstLines = payload.body?.split(/\r?\n/).slice(0, 5).join('\n').slice(0, 500) ?? '';
  return evidenceLines(
    { label: 'Heartbeat', value: `${EVENT_WORDS[payload.event]} (${payload.state})` },
    payload.deadline ? { label: 'Due by', value: payload.deadline } : null,
    { label: 'Last ping', value: payload.previousPingAt ?? 'none yet' },
    payload.sourceAddress ? { label: 'From', value: `${payload.method ?? ''} ${payload.sourceAddress}${payload.userAgent ? ` (${payload.userAgent})` : ''}`.trim() } : null,
    firstLines ? { label: 'Body', value: firstLines } : null,
    payload.note ? { label: 'Note', value: payload.note } : null,
  );
}

export const HEARTBEAT_CHECK_TYPE = defineCheckType({
  checkType: 'HEARTBEAT',
  name: 'heartbeat',
  noun: 'monitor',
  article: 'a',
  segment: 'heartbeat',
  procedure: 'Heartbeat',
  create: HeartbeatCheckCreate,
  update: HeartbeatCheckUpdate,
  read: HeartbeatCheckRead,
  // A PUT naming `heartbeat: {period}` keeps the stored unit, grace and, above all, the token.
  mergedObjects: ['heartbeat'],
  run: {
    // Nothing runs a heartbeat: the server judges its pings (services/heartbeats). No lane, no executor.
    judgedByServer: true,
    input: HeartbeatRunInput,
    timeoutMs: () => 1,
    takesVariables: false,
    lane: { defaultCapacity: () => 0, defaultsText: 'none' },
  },
  result: {
    key: 'heartbeatCheckResult',
    schema: HeartbeatCheckResult,
    api: HeartbeatResultPayload,
    // At most 10 KiB of body plus a few facts: kept whole.
    detailKey: 'heartbeat',
    toDetail: (payload) => payload,
    fromDetail: (stored, { assertions, requestError }) => {
      const parsed = HeartbeatCheckResult.safeParse(stored);
      return parsed.success ? { ...parsed.data, assertions: assertions as Record<string, unknown>[], requestError } : null;
    },
    evidence: heartbeatEvidence,
  },
});
