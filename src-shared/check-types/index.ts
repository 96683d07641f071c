import { z } from 'zod';
import type { CheckType } from '../enums';
import { listInWords, type CheckTypeModule } from './define';
import { API_CHECK_TYPE } from './api';
import { DNS_CHECK_TYPE } from './dns';
import { HEARTBEAT_CHECK_TYPE } from './heartbeat';
import { GRPC_CHECK_TYPE } from './grpc';
import { ICMP_CHECK_TYPE } from './icmp';
import { MULTI_STEP_CHECK_TYPE } from './multistep';
import { SSL_CHECK_TYPE } from './ssl';
import { TCP_CHECK_TYPE } from './tcp';
import { TRACEROUTE_CHECK_TYPE } from './traceroute';
import { URL_CHECK_TYPE } from './url';

/**
 * The check types that run here: one line per type, in the order lists, lanes and routes show them.
 * Everything else that names a type is derived from this list (docs/ARCHITECTURE.md, "Adding a check type").
 */
export const CHECK_TYPE_MODULES = {
  ICMP: ICMP_CHECK_TYPE,
  TRACEROUTE: TRACEROUTE_CHECK_TYPE,
  MULTI_STEP: MULTI_STEP_CHECK_TYPE,
  SSL: SSL_CHECK_TYPE,
  API: API_CHECK_TYPE,
  URL: URL_CHECK_TYPE,
  TCP: TCP_CHECK_TYPE,
  DNS: DNS_CHECK_TYPE,
  HEARTBEAT: HEARTBEAT_CHECK_TYPE,
  GRPC: GRPC_CHECK_TYPE,
} as const satisfies { [K in CheckType]?: CheckTypeModule<K> };

type Modules = typeof CHECK_TYPE_MODULES;
/** A check type that runs here. */
export type RunType = keyof Modules;
/** The module of one of them, with its own literal types. */
export type RunTypeModule<K extends RunType = RunType> = Modules[K];

export const RUN_TYPE_NAMES = Object.keys(CHECK_TYPE_MODULES) as RunType[];
/** Every module, in registry order, for code that treats them alike. */
export const RUN_TYPE_MODULES: readonly CheckTypeModule[] = RUN_TYPE_NAMES.map((type) => CHECK_TYPE_MODULES[type]);

export function isRunType(checkType: unknown): checkType is RunType {
  return typeof checkType === 'string' && Object.hasOwn(CHECK_TYPE_MODULES, checkType);
}

/** The types the server judges itself (their modules say `run.judgedByServer`): no executor, no lane, no schedule. */
export const SERVER_JUDGED_TYPES = ['HEARTBEAT'] as const satisfies readonly RunType[];
export type ServerJudgedType = (typeof SERVER_JUDGED_TYPES)[number];
/** A type an agent runs: it has an executor and a lane. */
export type AgentRunType = Exclude<RunType, ServerJudgedType>;
export const AGENT_RUN_TYPE_NAMES = RUN_TYPE_NAMES.filter((type): type is AgentRunType => !(SERVER_JUDGED_TYPES as readonly string[]).includes(type));

export function isAgentRunType(checkType: unknown): checkType is AgentRunType {
  return isRunType(checkType) && (AGENT_RUN_TYPE_NAMES as readonly string[]).includes(checkType);
}

/** One value per type an agent runs (lanes, executors). */
export function perAgentRunType<T>(make: (type: AgentRunType) => T): Record<AgentRunType, T> {
  return Object.fromEntries(AGENT_RUN_TYPE_NAMES.map((type) => [type, make(type)])) as Record<AgentRunType, T>;
}

/** One value per check type that runs here, so a new type is never forgotten. */
export function perRunType<T>(make: (type: RunType) => T): Record<RunType, T> {
  return Object.fromEntries(RUN_TYPE_NAMES.map((type) => [type, make(type)])) as Record<RunType, T>;
}

/** The CLI flag that sets a type's lane capacity (`--lane-icmp`). */
export function laneFlagOf(type: AgentRunType): string {
  return `--lane-${CHECK_TYPE_MODULES[type].segment}`;
}

/** The environment variable that sets it (`SIGHTLINE_LANE_ICMP`). */
export function laneEnvOf(type: AgentRunType): string {
  return `SIGHTLINE_LANE_${CHECK_TYPE_MODULES[type].segment.toUpperCase()}`;
}

/** "an ICMP monitor", "a multi-step check". */
export function checkTypePhrase(type: RunType): string {
  const module: CheckTypeModule = CHECK_TYPE_MODULES[type];
  return `${module.article} ${module.name} ${module.noun}`;
}

/** "ICMP, traceroute and multi-step": the types in a sentence. */
export const RUN_TYPES_IN_WORDS = listInWords(RUN_TYPE_MODULES.map((module) => module.name));

/** The executor result's member per type (`icmpCheckResult`: its payload), all optional. */
export type ExecutionPayloadShape = { [K in RunType as Modules[K]['result']['key']]: z.ZodOptional<Modules[K]['result']['schema']> };
/** The API check result's member per type, null for other types. */
export type ApiPayloadShape = { [K in RunType as Modules[K]['result']['key']]: z.ZodNullable<Modules[K]['result']['api']> };

// Built from the registry, so the object shapes are asserted here, once.
export const EXECUTION_PAYLOAD_SHAPE = Object.fromEntries(RUN_TYPE_MODULES.map((module) => [module.result.key, module.result.schema.optional()])) as ExecutionPayloadShape;
export const API_PAYLOAD_SHAPE = Object.fromEntries(RUN_TYPE_MODULES.map((module) => [module.result.key, module.result.api.nullable()])) as ApiPayloadShape;

/** The description the generic writes give `checkType`: "ICMP, TRACEROUTE or MULTI_STEP". */
export const RUN_TYPE_NAMES_OR = RUN_TYPE_NAMES.length <= 1 ? RUN_TYPE_NAMES.join('') : `${RUN_TYPE_NAMES.slice(0, -1).join(', ')} or ${RUN_TYPE_NAMES[RUN_TYPE_NAMES.length - 1]}`;


/** The generic `/v1/checks` writes' body (`AnyCheckWrite`), describing which types they take. */
export const AnyCheckWriteBody = z.looseObject({ checkType: z.string().optional().describe(`${RUN_TYPE_NAMES_OR}; other types cannot run here (400)`) });
