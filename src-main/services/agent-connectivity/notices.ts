import { randomUUID } from 'node:crypto';
import { transaction } from '../../db/connection';
import { listAccountIds } from '../../db/repositories/accounts';
import { listAllAlertChannels } from '../../db/repositories/alert-channels';
import { insertCheckAlert } from '../../db/repositories/alerts';
import type { AlertEvent } from '../../notify/types';
import type { AgentConnectivityView } from '../../../src-shared/rules/connectivity';
import { storedBodyOf } from '../alert-channels';
import type { ServiceDeps } from '../context';
import { enqueueNotification } from '../notifications';
import { accountDelivery } from '../settings';

export interface AgentNotice {
  /** The agent as operators know it: `embedded (this server)` or a remote agent's location and host. */
  agentName: string;
  change: 'OFFLINE' | 'ONLINE';
  view: AgentConnectivityView;
  /** Accounts told; all of them for the embedded agent (it runs every account's checks). */
  accountIds?: readonly string[];
}

function eventOf(notice: AgentNotice, accountId: string, now: Date): Omit<AlertEvent, 'notificationId'> {
  const offline = notice.change === 'OFFLINE';
  return {
    alertType: offline ? 'AGENT_OFFLINE' : 'AGENT_ONLINE',
    checkId: '',
    checkName: notice.agentName,
    // A notice is about no check; the type only fills the message's "Check type" line.
    checkType: 'ICMP',
    checkResultId: null,
    resultLink: null,
    runLocation: null,
    responseTime: null,
    // When it happened, which a notice delivered late must still say.
    startedAt: notice.view.since,
    errorMessage: offline
      ? `The agent lost its own network since ${notice.view.since ?? 'now'}: ${notice.view.reason ?? 'no canary answers'}. Its runs are recorded as "agent offline" and its checks do not alert until it is back.`
      : `The agent reaches its network again since ${notice.view.since ?? 'now'} (${notice.view.offlineRunsTotal} runs were skipped while it was offline). Its checks run and alert again.`,
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
export function sendAgentNotice(deps: ServiceDeps, notice: AgentNotice): string[] {
  const now = deps.clock.now();
  const accounts = notice.accountIds ?? listAccountIds(deps.db);
  const queued: string[] = [];
  for (const accountId of accounts) {
    transaction(deps.db, (tx) => {
      const channels = listAllAlertChannels(tx, accountId).filter((channel) => storedBodyOf(channel).sendSystemNotices !== false);
      if (channels.length === 0) return;
      const event = eventOf(notice, accountId, now);
      const checkAlertId = randomUUID();
      insertCheckAlert(tx, { id: checkAlertId, accountId, checkId: null, alertType: event.alertType, checkSessionId: null, checkResultId: null, muted: false, event: { ...event }, createdAt: now.getTime() });
      const rateLimit = accountDelivery(tx, deps.keyring, accountId).rateLimit;
      const entry = { accountId, checkAlertId, alertType: event.alertType, checkId: null, checkType: null, checkResultId: null };
      for (const channel of channels) queued.push(enqueueNotification(tx, deps.keyring, channel, entry, rateLimit, now.getTime()).id);
    });
  }
  if (queued.length > 0) deps.runtime.dispatch?.kick();
  deps.logger.warn({ agent: notice.agentName, change: notice.change, notifications: queued.length }, `agent ${notice.change === 'OFFLINE' ? 'offline' : 'back online'}: notice sent to the channels marked for system notices`);
  return queued;
}
