import { z } from 'zod';
import {
  AlertChannelSubscription,
  AlertSettings,
  DependsOn,
  FlapDetection,
  DEFAULT_ALERT_SETTINGS,
  EnvironmentVariable,
  KeyValue,
  Location,
  PrivateLocationSlugs,
  RetryStrategy,
  RuntimeId,
  requiredOnCreate,
  withDefault,
  type SchemaMode,
} from './check-common';
import { PageQuery } from './paging';
import { AssertionText, BoundedName, LIMITS, Tags, byteLimited } from './limits';
import { LOCATIONS } from '../enums';
import { describeIssues } from '../errors';
import { ProjectBindings } from './project-bindings';

const nonEmpty = z.string().min(1);

/** Assertion vocabulary of API checks (reference `AssertionSource`, `AssertionComparison`). */
export const API_ASSERTION_SOURCES = ['STATUS_CODE', 'JSON_BODY', 'HEADERS', 'TEXT_BODY', 'RESPONSE_TIME'] as const;
export const API_ASSERTION_COMPARISONS = [
  'EQUALS',
  'NOT_EQUALS',
  'HAS_KEY',
  'NOT_HAS_KEY',
  'HAS_VALUE',
  'NOT_HAS_VALUE',
  'IS_EMPTY',
  'NOT_EMPTY',
  'GREATER_THAN',
  'LESS_THAN',
  'CONTAINS',
  'NOT_CONTAINS',
  'IS_NULL',
  'NOT_NULL',
] as const;

export const ApiCheckAssertion = z.object({
  source: z.enum(API_ASSERTION_SOURCES),
  comparison: z.enum(API_ASSERTION_COMPARISONS),
  property: AssertionText.default(''),
  target: AssertionText.default(''),
  regex: AssertionText.nullable().default(''),
});
export type ApiCheckAssertion = z.infer<typeof ApiCheckAssertion>;

/** Both members required when the object is given, as in the reference (the default object has both empty). */
export const BasicAuth = z.object({
  username: z.string().max(LIMITS.credential),
  password: z.string().max(LIMITS.credential),
});
export type BasicAuth = z.infer<typeof BasicAuth>;

function apiCheckDefaults<M extends SchemaMode>(mode: M) {
  const d = <T extends z.ZodType>(schema: T, value: z.output<T>) => withDefault(mode, schema, value);
  return z.object({
    url: d(z.string().max(LIMITS.url).nullable(), ''),
    headers: d(z.array(KeyValue).max(LIMITS.keyValues), []),
    queryParameters: d(z.array(KeyValue).max(LIMITS.keyValues), []),
    assertions: d(z.array(ApiCheckAssertion).max(LIMITS.assertions), []),
    basicAuth: d(BasicAuth.nullable(), { username: '', password: '' }),
  });
}

export const ApiCheckDefaults = apiCheckDefaults('create');
export type ApiCheckDefaults = z.infer<typeof ApiCheckDefaults>;

export const DEFAULT_API_CHECK_DEFAULTS: ApiCheckDefaults = {
  url: '',
  headers: [],
  queryParameters: [],
  assertions: [],
  basicAuth: { username: '', password: '' },
};

/** In a group, "FALLBACK" means: each member check keeps its own retry strategy. */
/** How many member checks run at once when the whole group is triggered, unless the group says. */
export const DEFAULT_GROUP_CONCURRENCY = 3;

export const GroupRetryStrategy = z.union([RetryStrategy, z.literal('FALLBACK')], {
  // An object is meant as a strategy: name what is wrong inside it rather than "invalid input".
  error: (issue) => {
    const inner = issue.code === 'invalid_union' && typeof issue.input === 'object' && issue.input !== null ? issue.errors[0] : undefined;
    return inner?.length ? describeIssues(inner) : 'must be a retry strategy object or the string "FALLBACK"';
  },
});
export type GroupRetryStrategy = z.infer<typeof GroupRetryStrategy>;

export const CHECK_GROUP_ENVIRONMENT_VARIABLES_MAX = 100;

/** Check group fields of spec 2.9 (reference `CheckGroupCreateOrUpdateV2`). */
function checkGroupFields<M extends SchemaMode>(mode: M) {
  const d = <T extends z.ZodType>(schema: T, value: z.output<T>) => withDefault(mode, schema, value);
  return {
    name: requiredOnCreate(mode, BoundedName),
    activated: d(z.boolean(), true),
    muted: d(z.boolean(), false),
    tags: d(Tags, []),
    locations: d(z.array(Location).max(LOCATIONS.length), []),
    concurrency: d(z.number().int().min(1), DEFAULT_GROUP_CONCURRENCY),
    apiCheckDefaults: d(apiCheckDefaults(mode), DEFAULT_API_CHECK_DEFAULTS as z.output<ReturnType<typeof apiCheckDefaults<M>>>),
    browserCheckDefaults: d(byteLimited(LIMITS.snippetBytes), ''),
    runtimeId: d(RuntimeId, null),
    environmentVariables: d(z.array(EnvironmentVariable).max(CHECK_GROUP_ENVIRONMENT_VARIABLES_MAX).nullable(), []),
    alertChannelSubscriptions: d(z.array(AlertChannelSubscription), []),
    dependsOn: d(DependsOn, []),
    flapDetection: FlapDetection.nullable().optional(),
    setupSnippetId: d(z.number().int().nullable(), null),
    tearDownSnippetId: d(z.number().int().nullable(), null),
    localSetupScript: d(byteLimited(LIMITS.snippetBytes).nullable(), null),
    localTearDownScript: d(byteLimited(LIMITS.snippetBytes).nullable(), null),
    privateLocations: d(PrivateLocationSlugs.nullable(), []),
    runParallel: d(z.boolean().nullable(), false),
    alertSettings: d(AlertSettings.nullable(), DEFAULT_ALERT_SETTINGS as AlertSettings),
    retryStrategy: d(GroupRetryStrategy, 'FALLBACK'),
    useGlobalAlertSettings: d(z.boolean().nullable(), null),
    doubleCheck: d(z.boolean(), false).meta({ deprecated: true, description: '[Deprecated] Retry failed check runs once; use retryStrategy instead.' }),
  };
}

export const CheckGroupCreate = z.object(checkGroupFields('create'));
export type CheckGroupCreate = z.infer<typeof CheckGroupCreate>;
export type CheckGroupCreateInput = z.input<typeof CheckGroupCreate>;

/** PUT body: every member optional; the stored group is merged with it and checked again as a whole. */
export const CheckGroupUpdate = z.object(checkGroupFields('update'));
export type CheckGroupUpdate = z.infer<typeof CheckGroupUpdate>;

/** REST PUT body: `name` is required as in the reference's CheckGroupCreateOrUpdateV2; the other members merge as in CheckGroupUpdate. */
export const CheckGroupPut = CheckGroupUpdate.extend({ name: BoundedName });
export type CheckGroupPut = z.infer<typeof CheckGroupPut>;

export const CheckGroupListQuery = PageQuery.extend({
  tag: z
    .union([nonEmpty, z.array(nonEmpty)])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .optional(),
  name: z
    .union([nonEmpty, z.array(nonEmpty)])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .optional(),
});
export type CheckGroupListQuery = z.infer<typeof CheckGroupListQuery>;

/** A returned group (reference `CheckGroup`): the stored fields, the stored subscriptions and the read-only members. */
export const CheckGroupRead = CheckGroupCreate.extend({
  id: z.number().int(),
  created_at: z.string(),
  updated_at: z.string().nullable(),
  projectBindings: ProjectBindings,
});
export type CheckGroup = z.output<typeof CheckGroupRead>;
