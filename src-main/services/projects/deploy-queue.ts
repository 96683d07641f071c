import { AppError } from '../../core/errors';
import type { ServiceContext } from '../context';

/** Deploys and destroys waiting behind the one an account is running; one more is refused (429) before its body is read. */
export const MAX_WAITING_DEPLOYS = 3;
const RETRY_AFTER_SECONDS = 5;

interface AccountQueue {
  waiting: (() => void)[];
}

// One set of queues per backend (its database handle): tests boot several backends in one process.
const queuesByBackend = new WeakMap<object, Map<string, AccountQueue>>();

function queuesOf(ctx: ServiceContext): Map<string, AccountQueue> {
  const found = queuesByBackend.get(ctx.db) ?? new Map<string, AccountQueue>();
  queuesByBackend.set(ctx.db, found);
  return found;
}

function fullError(): AppError {
  return new AppError(
    'rate_limited',
    `This account already has a deploy running and ${MAX_WAITING_DEPLOYS} waiting; deploys of one account run one at a time. Retry in ${RETRY_AFTER_SECONDS} s.`,
    { retryAfterSeconds: RETRY_AFTER_SECONDS },
  );
}

/** Throws the 429 a deploy would get now, so the transport can refuse it before reading its body. */
export function refuseWhenDeployQueueFull(ctx: ServiceContext): void {
  const queue = queuesOf(ctx).get(ctx.accountId);
  if (queue && queue.waiting.length >= MAX_WAITING_DEPLOYS) throw fullError();
}

/**
 * Runs `work` when the account's earlier deploys (and destroys) have finished: one at a time per
 * account, in arrival order, so two deploys never plan against each other's half-written state.
 */
export async function inDeployQueue<T>(ctx: ServiceContext, work: () => Promise<T>): Promise<T> {
  const queues = queuesOf(ctx);
  const queue = queues.get(ctx.accountId);
  if (queue) {
    if (queue.waiting.length >= MAX_WAITING_DEPLOYS) throw fullError();
    await new Promise<void>((resolve) => queue.waiting.push(resolve));
  } else {
    queues.set(ctx.accountId, { waiting: [] });
  }
  try {
    return await work();
  } finally {
    const own = queues.get(ctx.accountId);
    const next = own?.waiting.shift();
    if (next) next();
    else queues.delete(ctx.accountId);
  }
}
