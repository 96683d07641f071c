import { AppError } from '../../core/errors';
import { readAppSetting, writeAppSetting } from '../../db/repositories/settings';
import { AgentCanariesInput, canaryInputOf, canarySettingOf, type AgentCanariesView, type CanarySetting } from '../../../src-shared/schemas/agent-canaries';
import type { Db } from '../../db/connection';
import type { ServiceContext } from '../context';
import type { CanaryControl } from '../runtime';
import { parseOrThrow } from '../validation';

/** The app_settings key (of the server's own account) of the embedded agent's canaries. */
export const AGENT_CANARIES_KEY = 'agent-canaries';

/** The canaries stored in Settings, or null when never set (or unreadable: the default then applies). */
export async function storedCanaries(db: Db, ownerAccountId: string): Promise<CanarySetting | null> {
  const parsed = AgentCanariesInput.safeParse(await readAppSetting(db, ownerAccountId, AGENT_CANARIES_KEY));
  return parsed.success ? canarySettingOf(parsed.data) : null;
}

function control(ctx: ServiceContext): CanaryControl {
  const canaries = ctx.runtime.canaries;
  if (!canaries) throw new AppError('unavailable', 'This server runs no agent of its own (its checks run on remote agents): there are no canaries to set here.');
  return canaries;
}

/** Why this key may not change the canaries here, or null when it may. */
function lockedBecause(ctx: ServiceContext, canaries: CanaryControl): string | null {
  if (canaries.fromFlags !== null) return 'The server was started with --canary, --no-canary or SIGHTLINE_CANARIES, which win over Settings: change them there.';
  if (ctx.accountId !== canaries.ownerAccountId) return "The agent runs every account's checks: only the server's own account sets its canaries.";
  return null;
}

export async function getAgentCanaries(ctx: ServiceContext): Promise<AgentCanariesView> {
  const canaries = control(ctx);
  const why = lockedBecause(ctx, canaries);
  const source = canaries.fromFlags !== null ? 'flags' : await storedCanaries(ctx.db, canaries.ownerAccountId) !== null ? 'settings' : 'default';
  return { setting: canaryInputOf(canaries.current()), source, editable: why === null, why, notUsed: ctx.runtime.agent?.connectivity()?.notUsed ?? [] };
}

/**
 * Stores the canaries and switches the running agent to them. Named hosts must answer now: a
 * canary that never answers would make the agent count itself offline and skip every run.
 */
export async function setAgentCanaries(ctx: ServiceContext, body: unknown): Promise<AgentCanariesView> {
  const input = parseOrThrow(AgentCanariesInput, body);
  const canaries = control(ctx);
  const why = lockedBecause(ctx, canaries);
  if (why) throw new AppError(canaries.fromFlags !== null ? 'conflict' : 'forbidden', why);
  if (input.mode === 'hosts') {
    const answered = await canaries.probe(input.hosts);
    if (answered === 0) {
      throw new AppError('validation', `hosts: none of ${input.hosts.join(', ')} answered a ping just now; the agent would count itself offline and skip every run. Name hosts this machine reaches (its router, a DNS server).`);
    }
  }
  await writeAppSetting(ctx.db, canaries.ownerAccountId, AGENT_CANARIES_KEY, input, ctx.clock.now().getTime());
  canaries.apply(canarySettingOf(input));
  return await getAgentCanaries(ctx);
}
