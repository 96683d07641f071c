import { z } from 'zod';
import { FREQUENCIES } from '../enums';
import { workspacePathIssues, workspacePathProblem } from '../rules/workspace-paths';
import { LIMITS, byteLimited, tooManyBytesMessage, utf8Length } from './limits';
import { PlaywrightConfig } from './playwright-config';
import { NonEmptyString, checkCrossFieldRules, checkReadSchema, commonCheckFields, requiredOnCreate, withDefault, type CheckReadOnly, type SchemaMode } from './check-common';

/** Multi-step checks run at least once a minute: the frequency list has no 0. */
export const MULTI_STEP_FREQUENCIES = FREQUENCIES.filter((f) => f !== 0) as [Exclude<(typeof FREQUENCIES)[number], 0>, ...Exclude<(typeof FREQUENCIES)[number], 0>[]];
export const MultiStepFrequency = z.literal(MULTI_STEP_FREQUENCIES);

/** Milliseconds; a multi-step run is stopped at its maxResponseTime, so at most two minutes. */
export const MULTI_STEP_MAX_RESPONSE_TIME = 120_000;
const MultiStepResponseTime = z.number().min(0).max(MULTI_STEP_MAX_RESPONSE_TIME).nullable();

/** A file path inside the check's folder (src-shared/rules/workspace-paths.ts). */
export const WorkspacePath = z
  .string()
  .min(1)
  .max(1000)
  .superRefine((path, ctx) => {
    const problem = workspacePathProblem(path);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const Dependency = z.object({
  path: WorkspacePath,
  content: byteLimited(LIMITS.dependencyBytes, z.string().min(1)),
});
export type Dependency = z.infer<typeof Dependency>;

export const MAX_DEPENDENCIES = 100;

interface FilesInput {
  scriptPath?: string | null;
  dependencies?: ReadonlyArray<{ path: string; content: string }> | null;
}

/** Rules over all of a check's files: no two the same, none a folder of another, the total size. */
export function multiStepFileRules(value: FilesInput, ctx: z.RefinementCtx, fields: { scriptPath: string; dependencies: string } = { scriptPath: 'scriptPath', dependencies: 'dependencies' }) {
  for (const issue of workspacePathIssues(value.scriptPath, value.dependencies)) {
    // A path wrong on its own is reported by its own field.
    if (workspacePathProblem(issue.path) !== null) continue;
    ctx.addIssue({ code: 'custom', path: issue.entry === 'scriptPath' ? [fields.scriptPath] : [fields.dependencies, issue.entry, 'path'], message: issue.message });
  }
  const total = (value.dependencies ?? []).reduce((sum, dependency) => sum + utf8Length(dependency.content), 0);
  if (total > LIMITS.dependenciesTotalBytes) {
    ctx.addIssue({ code: 'custom', path: [fields.dependencies], message: `${tooManyBytesMessage(LIMITS.dependenciesTotalBytes)} for all contents together` });
  }
}

function multiStepFields<M extends SchemaMode>(mode: M) {
  const d = <T extends z.ZodType>(schema: T, value: z.output<T>) => withDefault(mode, schema, value);
  return {
    ...commonCheckFields(mode, { descriptionMax: 500, environmentVariablesMax: 100 }),
    checkType: d(z.literal('MULTI_STEP'), 'MULTI_STEP'),
    frequency: d(MultiStepFrequency, 10),
    // Shared check fields (spec 2.1), optional here: maxResponseTime also bounds the run (default 30 s).
    degradedResponseTime: MultiStepResponseTime.optional(),
    maxResponseTime: MultiStepResponseTime.optional(),
    script: requiredOnCreate(mode, byteLimited(LIMITS.scriptBytes, NonEmptyString)),
    scriptPath: d(WorkspacePath.nullable(), null),
    dependencies: d(z.array(Dependency).max(MAX_DEPENDENCIES).nullable(), []),
    /** Applied to the run (src-shared/schemas/playwright-config.ts says which members); others are refused. */
    playwrightConfig: d(PlaywrightConfig.nullable(), null),
  };
}

/** One variable as a run sees it: the account's, group's and check's resolved into one list (a secret may still be sealed). */
export const RunVariable = z.object({ key: z.string(), value: z.string().nullable(), secret: z.boolean().default(false) });
export type RunVariable = z.infer<typeof RunVariable>;

const multiStepCreateFields = multiStepFields('create');
/** What the multi-step executor takes, parsed from a stored check body and its effective variables. */
export const MultiStepRunInput = z.object({
  script: multiStepCreateFields.script,
  // Paths are checked where the files are written: a check stored before a path rule existed gets a script error, not no run.
  scriptPath: z.string().nullable().default(null),
  dependencies: z.array(z.object({ path: z.string(), content: z.string() })).nullable().default([]),
  environmentVariables: z.array(RunVariable).default([]),
  shouldFail: multiStepCreateFields.shouldFail,
  degradedResponseTime: multiStepCreateFields.degradedResponseTime,
  maxResponseTime: multiStepCreateFields.maxResponseTime,
  playwrightConfig: PlaywrightConfig.nullable().default(null),
});
export type MultiStepRunInput = z.infer<typeof MultiStepRunInput>;

export const MultiStepCheckCreate = z.object(multiStepCreateFields).superRefine(checkCrossFieldRules).superRefine(multiStepFileRules);
export type MultiStepCheckCreate = z.infer<typeof MultiStepCheckCreate>;
export type MultiStepCheckCreateInput = z.input<typeof MultiStepCheckCreate>;

/** PUT body: every member optional; the stored check is merged with it and checked again as a whole. */
export const MultiStepCheckUpdate = z.object(multiStepFields('update'));
export type MultiStepCheckUpdate = z.infer<typeof MultiStepCheckUpdate>;

/** The returned shape (spec 2.1 read-only members included), for the API description. */
export const MultiStepCheckRead = checkReadSchema(MultiStepCheckUpdate.shape);

export type MultiStepCheck = MultiStepCheckCreate & CheckReadOnly;
