import { randomUUID } from 'node:crypto';
import { transaction } from '../../db/connection';
import { listAccountIds } from '../../db/repositories/accounts';
import { listAllAlertChannels } from '../../db/repositories/alert-channels';
import { insertCheckAlert } from '../../db/repositories/alerts';
import type { AlertEvent } from '../../notify/types';
import { storedBodyOf } from '../alert-channels';
import type { ServiceDeps } from '../context';
import { enqueueNotification } from '../notifications';
import { accountDelivery } from '../settings';

export type AgentNoticeChange = 'OFFLINE' | 'ONLINE' | 'UNREACHABLE' | 'REACHABLE';

export interface AgentNotice {
  /** The agent as operators know it: `local (the agent inside this server)` or a remote agent's location and id. */
  agentName: string;
  change: AgentNoticeChange;
  /** ISO 8601: when the change happened, which a notice delivered late must still say. */
  since: string | null;
  /** Why it went offline (its own words) or unreachable; for a return, why it had been away. */
  reason: string | null;
  /** Runs not run during the outage that this notice opens or closes (a return says how many; an opening, those so far). */
  runsNotRun: number;
  /** Accounts told; all of them for the embedded agent (it runs every account's checks). */
  accountIds?: readonly string[];
}

const ALERT_TYPE_OF = { OFFLINE: 'AGENT_OFFLINE', ONLINE: 'AGENT_ONLINE', UNREACHABLE: 'AGENT_UNREACHABLE', REACHABLE: 'AGENT_REACHABLE' } as const;

const runs = (n: number) => `${n} run${n === 1 ? ' was' : 's were'}`;

/** The message of a notice: what happened, since when, why, how many runs it cost, and what follows. */
export function agentNoticeMessage(notice: Omit<AgentNotice, 'accountIds'>): string {
  const since = notice.since ?? 'now';
  switch (notice.change) {
    case 'OFFLINE':
      return `The agent lost its own network since ${since}: ${notice.reason ?? 'its canaries stopped answering'}. Its runs are recorded as "agent offline" and its checks do not alert until it is back.`;
    case 'ONLINE':
      return `The agent reaches its network again since ${since} (${runs(notice.runsNotRun)} skipped while it was offline${notice.reason ? `; it had gone offline because ${notice.reason}` : ''}). Its checks run and alert again.`;
    case 'UNREACHABLE':
      return `The server has not heard from the agent since ${since}: ${notice.reason ?? 'it stopped polling'}. Its checks' runs are recorded as not run because the agent is unreachable (not failures of their targets) and do not alert until it is back. Check the agent's machine and its link to the server.`;
    case 'REACHABLE':
      return `The agent polls the server again since ${since} (${runs(notice.runsNotRun)} not run while it was unreachable${notice.reason ? `; ${notice.reason}` : ''}). Its checks run and alert again.`;
  }
}

function eventOf(notice: AgentNotice, accountId: string, now: Date): Omit<AlertEvent, 'notificationId'> {
  return {
    alertType: ALERT_TYPE_OF[notice.change],
    checkId: '',
    checkName: notice.agentName,
    // A notice is about no check; the type only fills the message's "Check type" line.
    checkType: 'ICMP',
    checkResultId: null,
    resultLink: null,
    runLocation: null,
    responseTime: null,
    startedAt: notice.since,
    errorMessage: agentNoticeMessage(notice),
    tags: [],
    groupName: null,
    accountId,
    occurredAt: now.toISOString(),
  };
}

/**
 * One notice per account to every channel marked for system notices, through the same outbox,
 * rate limit and dispatcher as alerts. Returns the notifications queued.
 */
export async function sendAgentNotice(deps: ServiceDeps, notice: AgentNotice): Promise<string[]> {
  const now = deps.clock.now();
  const accounts = notice.accountIds ?? await listAccountIds(deps.db);
  const queued: string[] = [];
  for (const accountId of accounts) {
    await transaction(deps.db, async (tx) => {
      const channels = (await listAllAlertChannels(tx, accountId)).filter((channel) => storedBodyOf(channel).sendSystemNotices !== false);
      if (channels.length === 0) return;
      const event = eventOf(notice, accountId, now);
      const checkAlertId = randomUUID();
      await insertCheckAlert(tx, { id: checkAlertId, accountId, checkId: null, alertType: event.alertType, checkSessionId: null, checkResultId: null, muted: false, event: { ...event }, createdAt: now.getTime() });
      const rateLimit = (await accountDelivery(tx, deps.keyring, accountId)).rateLimit;
      const entry = { accountId, checkAlertId, alertType: event.alertType, checkId: null, checkType: null, checkResultId: null };
      for (const channel of channels) queued.push((await enqueueNotification(tx, deps.keyring, channel, entry, rateLimit, now.getTime())).id);
    });
  }
  if (queued.length > 0) deps.runtime.dispatch?.kick();
  deps.logger.warn({ agent: notice.agentName, change: notice.change, reason: notice.reason, runsNotRun: notice.runsNotRun, notifications: queued.length }, `agent ${notice.change.toLowerCase()}: notice sent to the channels marked for system notices`);
  return queued;
}
