import { z } from 'zod';
import {
  ESCALATION_TYPES,
  FREQUENCIES,
  LOCATIONS,
  RETRY_TYPES,
  RUNTIME_IDS,
  SEVERITIES,
  SUB_MINUTE_OFFSETS,
} from '../enums';
import { BoundedName, LIMITS, Tags, byteLimited } from './limits';
import { MAX_DEPENDENCIES } from '../rules/dependencies';
import { FLAP_DEFAULTS, FLAP_LIMITS } from '../rules/flapping';
import { ProjectBindings, ProjectRef } from './project-bindings';

export const Location = z.enum(LOCATIONS);
export const RuntimeId = z.enum(RUNTIME_IDS).nullable();
export const Frequency = z.literal(FREQUENCIES);

const nonEmpty = z.string().min(1);
export const NonEmptyString = nonEmpty;

/** Names of private locations; that each is one of the account's is checked when the check is stored. */
export const PrivateLocationSlugs = z.array(nonEmpty.max(LIMITS.name)).max(LIMITS.privateLocations);

/** Kept as given (the reference's ChecksV1Heartbeat); bounded so it cannot grow every list. */
const Heartbeat = z
  .record(z.string(), z.unknown())
  .refine((value) => JSON.stringify(value).length <= LIMITS.heartbeatJson, `must be at most ${LIMITS.heartbeatJson} characters as JSON`);

export const AlertSettings = z.object({
  escalationType: z.enum(ESCALATION_TYPES).default('RUN_BASED'),
  runBasedEscalation: z.object({ failedRunThreshold: z.literal([1, 2, 3, 4, 5]) }).partial().optional(),
  timeBasedEscalation: z.object({ minutesFailingThreshold: z.literal([5, 10, 15, 30]) }).partial().optional(),
  reminders: z
    .object({
      amount: z.literal([0, 1, 2, 3, 4, 5, 100000]).default(0),
      interval: z.literal([1, 2, 3, 4, 5, 10, 15, 30]).default(5),
    })
    .optional(),
  sslCertificates: z.object({ enabled: z.boolean(), alertThreshold: z.int() }).partial().optional(),
  parallelRunFailureThreshold: z
    .object({
      enabled: z.boolean().default(false),
      percentage: z.literal([10, 20, 30, 40, 50, 60, 70, 80, 90, 100]).default(10),
    })
    .optional(),
});
export type AlertSettings = z.infer<typeof AlertSettings>;

export const DEFAULT_ALERT_SETTINGS = {
  escalationType: 'RUN_BASED',
  runBasedEscalation: { failedRunThreshold: 1 },
  reminders: { amount: 0, interval: 5 },
  parallelRunFailureThreshold: { enabled: false, percentage: 10 },
} as const satisfies AlertSettings;

export const RetryStrategy = z.object({
  type: z.enum(RETRY_TYPES),
  baseBackoffSeconds: z.number().min(0).default(60),
  sameRegion: z.boolean().default(true),
  maxRetries: z.number().int().min(1).max(10).optional(),
  maxDurationSeconds: z.number().min(0).max(600).optional(),
  onlyOn: z.array(z.literal('NETWORK_ERROR')).optional(),
});
export type RetryStrategy = z.infer<typeof RetryStrategy>;

export const TriggerIncident = z.object({
  serviceId: z.uuid(),
  severity: z.enum(SEVERITIES),
  name: BoundedName,
  description: z.string().max(LIMITS.incidentDescription),
  notifySubscribers: z.boolean(),
});
export type TriggerIncident = z.infer<typeof TriggerIncident>;

export const AlertChannelSubscription = z.object({
  alertChannelId: z.number().int().positive(),
  activated: z.boolean(),
});
export type AlertChannelSubscription = z.infer<typeof AlertChannelSubscription>;

/** Checks this one (or a group's members) depends on: a Sightline extension, see rules/dependencies.ts. */
export const DependsOn = z
  .array(z.uuid({ error: 'must be a check id (uuid)' }))
  .max(MAX_DEPENDENCIES, { error: `at most ${MAX_DEPENDENCIES} checks` })
  .meta({ description: 'Sightline extension: ids of checks this one depends on. While one of them fails, this check\'s alerts are held down.' });
export type DependsOn = z.infer<typeof DependsOn>;

const flapInt = (name: keyof typeof FLAP_LIMITS) =>
  z
    .number()
    .int({ error: 'must be a whole number' })
    .min(FLAP_LIMITS[name].min, { error: `must be at least ${FLAP_LIMITS[name].min}` })
    .max(FLAP_LIMITS[name].max, { error: `must be at most ${FLAP_LIMITS[name].max}` })
    .optional();

/** Flap detection of a check or a group's members: a Sightline extension, see rules/flapping.ts. Members left out inherit (group, then defaults). */
export const FlapDetection = z
  .strictObject({ enabled: z.boolean().optional(), changes: flapInt('changes'), windowRuns: flapInt('windowRuns'), stableRuns: flapInt('stableRuns') })
  .refine((f) => f.changes === undefined || f.windowRuns === undefined || f.changes < f.windowRuns, { error: 'must be less than windowRuns', path: ['changes'] })
  .meta({
    description: `Sightline extension: a check whose state changed \`changes\` times within its last \`windowRuns\` runs is FLAPPING: one notification, silence, then one notification of its state once the last \`stableRuns\` runs agree. Defaults: enabled, ${FLAP_DEFAULTS.changes} changes in ${FLAP_DEFAULTS.windowRuns} runs, stable after ${FLAP_DEFAULTS.stableRuns}. Members left out come from the group, then the defaults.`,
  });
export type FlapDetection = z.infer<typeof FlapDetection>;

/**
 * `value` may be left out (or sent as null or the mask) only to keep the value of a variable stored
 * as a secret; the services refuse it otherwise (docs/DECISIONS.md, "Secrets").
 */
export const EnvironmentVariable = z.object({
  key: nonEmpty.max(LIMITS.envVarKey),
  value: z.string().max(LIMITS.envVarValue).nullable().optional(),
  locked: z.boolean().default(false),
  secret: z.boolean().default(false),
});
export type EnvironmentVariable = z.infer<typeof EnvironmentVariable>;

export const KeyValue = z.object({
  key: nonEmpty.max(LIMITS.keyValueKey),
  value: z.string().max(LIMITS.keyValueValue),
  locked: z.boolean().default(false),
});
export type KeyValue = z.infer<typeof KeyValue>;

const intentItems = z.array(z.string().min(1).max(1000)).max(20);
export const CheckIntent = z.strictObject({
  goal: z.string().min(1).max(2000),
  requiredOutcomes: intentItems.default([]),
  mustPreserve: intentItems.default([]),
});
export type CheckIntent = z.infer<typeof CheckIntent>;

export type SchemaMode = 'create' | 'update';

/** In create mode a field gets its default; in update mode it stays optional so a PUT only changes what it names. */
export type Defaulted<M extends SchemaMode, T extends z.ZodType> = M extends 'create' ? z.ZodDefault<T> : z.ZodOptional<T>;
export type Required<M extends SchemaMode, T extends z.ZodType> = M extends 'create' ? T : z.ZodOptional<T>;

export function withDefault<M extends SchemaMode, T extends z.ZodType>(mode: M, schema: T, value: z.output<T>): Defaulted<M, T> {
  return (mode === 'create' ? schema.default(value as never) : schema.optional()) as Defaulted<M, T>;
}

/** Required on create, optional on update. */
export function requiredOnCreate<M extends SchemaMode, T extends z.ZodType>(mode: M, schema: T): Required<M, T> {
  return (mode === 'create' ? schema : schema.optional()) as Required<M, T>;
}

export interface SharedFieldLimits {
  descriptionMax: number;
  environmentVariablesMax: number;
}

/**
 * The field schemas below are built once per mode and limits and shared by every check type's schemas
 * (a zod schema is immutable: each method returns a new one). Built per type and schema, they were
 * ~3,000 of the ~5,700 schemas the check types construct as the console's bundle (or the server) loads.
 */
const sharedFieldSets = new Map<string, unknown>();
function onePerModeAndLimits<T>(kind: string, mode: SchemaMode, limits: SharedFieldLimits, build: () => T): T {
  const key = `${kind} ${mode} ${limits.descriptionMax} ${limits.environmentVariablesMax}`;
  if (!sharedFieldSets.has(key)) sharedFieldSets.set(key, build());
  return sharedFieldSets.get(key) as T;
}

/** Check fields every monitor type carries (spec 2.1–2.5). */
export function commonCheckFields<M extends SchemaMode>(mode: M, limits: SharedFieldLimits) {
  return onePerModeAndLimits('common', mode, limits, () => buildCommonCheckFields(mode, limits));
}

function buildCommonCheckFields<M extends SchemaMode>(mode: M, limits: SharedFieldLimits) {
  const d = <T extends z.ZodType>(schema: T, value: z.output<T>) => withDefault(mode, schema, value);
  return {
    name: requiredOnCreate(mode, BoundedName),
    activated: d(z.boolean(), true),
    muted: d(z.boolean(), false),
    doubleCheck: d(z.boolean(), true),
    shouldFail: d(z.boolean(), false),
    locations: d(z.array(Location).max(LOCATIONS.length).nullable(), []),
    privateLocations: d(PrivateLocationSlugs.nullable(), []),
    tags: d(Tags, []),
    alertSettings: d(AlertSettings.nullable(), DEFAULT_ALERT_SETTINGS as AlertSettings),
    useGlobalAlertSettings: d(z.boolean(), true),
    groupId: d(z.number().int().positive().nullable(), null),
    groupOrder: d(z.number().min(0).nullable(), null),
    runtimeId: d(RuntimeId, null),
    alertChannelSubscriptions: d(z.array(AlertChannelSubscription), []),
    dependsOn: d(DependsOn, []),
    // No default: a check that never sets it has none stored and inherits (reads show it only when set).
    flapDetection: FlapDetection.nullable().optional(),
    retryStrategy: d(RetryStrategy.nullable(), null),
    triggerIncident: d(TriggerIncident.nullable(), null),
    runParallel: d(z.boolean(), false),
    description: d(z.string().max(limits.descriptionMax).nullable(), null),
    intent: d(CheckIntent.nullable(), null),
    aiAutoRepairEnabled: d(z.boolean().nullable(), null),
    frequencyOffset: z.number().int().min(1).nullable().optional(),
    environmentVariables: d(z.array(EnvironmentVariable).max(limits.environmentVariablesMax).nullable(), []),
    setupSnippetId: d(z.number().int().nullable(), null),
    tearDownSnippetId: d(z.number().int().nullable(), null),
    localSetupScript: d(byteLimited(LIMITS.snippetBytes).nullable(), null),
    localTearDownScript: d(byteLimited(LIMITS.snippetBytes).nullable(), null),
  };
}

/** Shared check fields of spec 2.1–2.5 as the traceroute and ICMP bodies take them (with heartbeat, script, scriptPath, sslCheckDomain). */
export function sharedCheckFields<M extends SchemaMode>(mode: M, limits: SharedFieldLimits) {
  return onePerModeAndLimits('shared', mode, limits, () => buildSharedCheckFields(mode, limits));
}

function buildSharedCheckFields<M extends SchemaMode>(mode: M, limits: SharedFieldLimits) {
  const d = <T extends z.ZodType>(schema: T, value: z.output<T>) => withDefault(mode, schema, value);
  return {
    ...commonCheckFields(mode, limits),
    heartbeat: d(Heartbeat.nullable(), null),
    script: d(byteLimited(LIMITS.scriptBytes).nullable(), null),
    scriptPath: d(nonEmpty.max(1000).nullable(), null),
    sslCheckDomain: d(z.string().max(LIMITS.domain).nullable(), null),
  };
}

/** DESIGN.md: 0 runs every 10/20/30 s; up to 60 min the offset spreads over frequency×10; above, over frequency/60. */
export function frequencyOffsetRange(frequency: number): { min: number; max: number; allowed?: readonly number[] } {
  if (frequency === 0) return { min: 10, max: 30, allowed: SUB_MINUTE_OFFSETS };
  if (frequency <= 60) return { min: 1, max: Math.floor(frequency * 10) };
  return { min: 1, max: Math.ceil(frequency / 60) };
}

interface CrossFieldInput {
  frequency?: number;
  frequencyOffset?: number | null;
  useGlobalAlertSettings?: boolean;
  alertSettings?: unknown;
  degradedResponseTime?: number | null;
  maxResponseTime?: number | null;
  degradedPacketLossThreshold?: number | null;
  maxPacketLossThreshold?: number | null;
}

/** A degraded threshold equal to the failed one could never be reported, so it must be strictly below (docs/DECISIONS.md). */
function degradedBelowFailed(ctx: z.RefinementCtx, degradedField: string, degraded: number | null | undefined, maxField: string, max: number | null | undefined, unit: string) {
  if (typeof degraded !== 'number' || typeof max !== 'number' || degraded < max) return;
  ctx.addIssue({ code: 'custom', path: [degradedField], message: `must be below ${maxField} (${max}${unit})` });
}

/** Rules that span several fields of a fully resolved check. */
export function checkCrossFieldRules(value: CrossFieldInput, ctx: z.RefinementCtx) {
  if (value.frequency !== undefined && value.frequencyOffset != null) {
    const range = frequencyOffsetRange(value.frequency);
    const ok = range.allowed
      ? range.allowed.includes(value.frequencyOffset)
      : value.frequencyOffset >= range.min && value.frequencyOffset <= range.max;
    if (!ok) {
      ctx.addIssue({
        code: 'custom',
        path: ['frequencyOffset'],
        message: range.allowed
          ? `with frequency 0 must be one of ${range.allowed.join(', ')} (seconds)`
          : `with frequency ${value.frequency} must be between ${range.min} and ${range.max}`,
      });
    }
  }
  if (value.useGlobalAlertSettings === false && value.alertSettings === null) {
    ctx.addIssue({
      code: 'custom',
      path: ['alertSettings'],
      message: 'is required when useGlobalAlertSettings is false',
    });
  }
  degradedBelowFailed(ctx, 'degradedResponseTime', value.degradedResponseTime, 'maxResponseTime', value.maxResponseTime, ' ms');
  degradedBelowFailed(ctx, 'degradedPacketLossThreshold', value.degradedPacketLossThreshold, 'maxPacketLossThreshold', value.maxPacketLossThreshold, '%');
}

/** Read-only members every returned monitor carries (spec 2.1). */
export interface CheckReadOnly {
  id: string;
  created_at: string;
  updated_at: string | null;
  alertChannels: {
    email: { address: string }[];
    webhook: { name: string; url: string; method: string | null; headers: KeyValue[]; queryParameters: KeyValue[] }[];
    slack: { url: string }[];
    sms: { name: string; number: string }[];
  };
  project: ProjectRef | null;
  logicalId: string | null;
  member: boolean | null;
  pending: boolean | null;
  projectBindings: ProjectBindings;
}

const AlertChannelsRead = z
  .object({
    email: z.array(z.object({ address: z.string() })),
    webhook: z.array(z.object({ name: z.string(), url: z.string(), method: z.string().nullable(), headers: z.array(KeyValue), queryParameters: z.array(KeyValue) })),
    slack: z.array(z.object({ url: z.string() })),
    sms: z.array(z.object({ name: z.string(), number: z.string() })),
  })
  .nullable();


/** The read-only members of spec 2.1 as a schema, for the API description. */
export const CheckReadOnlyShape = {
  id: z.string(),
  name: z.string(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
  alertChannels: AlertChannelsRead,
  project: ProjectRef.nullable(),
  logicalId: z.string().nullable(),
  member: z.boolean().nullable(),
  pending: z.boolean().nullable(),
  projectBindings: ProjectBindings,
};

/** A returned monitor: the members of its body (as the PUT shape types them) plus the read-only members. */
export function checkReadSchema<S extends z.ZodRawShape>(bodyShape: S) {
  // Reads always carry an offset (the stored one, else the one a round trip would store); the public schema has no null.
  return z.looseObject({ ...bodyShape, frequencyOffset: z.number().int().min(1).optional(), ...CheckReadOnlyShape });
}

/** Any returned check, whatever its type. */
export const CheckRead = checkReadSchema({ checkType: z.string() });

/**
 * The generic `/v1/checks` writes: `checkType` picks the monitor type, whose own schema then checks the rest.
 * The routes' body is `AnyCheckWriteBody` (src-shared/check-types), which names the types in its description.
 */
export const AnyCheckWrite = z.looseObject({ checkType: z.string().optional() });
export type AnyCheckWrite = z.infer<typeof AnyCheckWrite>;
