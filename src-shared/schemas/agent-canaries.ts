import { z } from 'zod';
import type { NotUsedCanary } from '../rules/connectivity';

/** Most canaries one agent probes each round (one fping of them all). */
export const MAX_CANARIES = 10;

/** `auto`: the machine's default gateways and DNS servers; `off`: no check; else these hosts. */
export type CanarySetting = 'auto' | 'off' | string[];

const HOST_NAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;
const IPV6 = /^(?=.*:.*:)[0-9a-f:.]{2,45}$/i;

/** A host name, an IPv4 or an IPv6 address: what fping accepts as a target. */
export function isCanaryHost(value: string): boolean {
  return HOST_NAME.test(value) || IPV6.test(value);
}

const CanaryHost = z.string().trim().min(1, 'a canary host must not be empty').refine(isCanaryHost, 'a canary must be a host name or IP address to ping, e.g. 192.168.1.1');

/** The embedded agent's canaries as the console sets them. */
export const AgentCanariesInput = z
  .object({
    mode: z.enum(['auto', 'off', 'hosts']),
    hosts: z.array(CanaryHost).max(MAX_CANARIES, `at most ${MAX_CANARIES} canaries`).default([]),
  })
  .strict()
  .superRefine((value, ctx) => {
    if (value.mode === 'hosts' && value.hosts.length === 0) ctx.addIssue({ code: 'custom', path: ['hosts'], message: 'name at least one canary host, or choose the automatic canaries or none' });
    if (value.mode !== 'hosts' && value.hosts.length > 0) ctx.addIssue({ code: 'custom', path: ['hosts'], message: `hosts are only used with mode "hosts" (got mode "${value.mode}")` });
  });
export type AgentCanariesInput = z.output<typeof AgentCanariesInput>;

export function canarySettingOf(input: AgentCanariesInput): CanarySetting {
  return input.mode === 'hosts' ? input.hosts : input.mode;
}

export function canaryInputOf(setting: CanarySetting): AgentCanariesInput {
  return typeof setting === 'string' ? { mode: setting, hosts: [] } : { mode: 'hosts', hosts: [...setting] };
}

/** What the console shows of the embedded agent's canaries and who may change them. */
export interface AgentCanariesView {
  setting: AgentCanariesInput;
  /** `flags`: --canary/--no-canary/SIGHTLINE_CANARIES, which win over Settings; `settings`: set in the console; `default`: automatic. */
  source: 'flags' | 'settings' | 'default';
  /** Whether the asking key may change them here; when not, `why` says so. */
  editable: boolean;
  why: string | null;
  /** Canaries the running agent does not use because they never answered. */
  notUsed: NotUsedCanary[];
}
