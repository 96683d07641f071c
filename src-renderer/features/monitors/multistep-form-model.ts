import { MULTI_STEP_FREQUENCIES, MultiStepCheckCreate, type MultiStepCheckCreateInput } from '../../../src-shared/schemas/multistep-check';
import type { EnvVarItem } from '../../components/env-vars-editor';
import { envVarItemsOf, toEnvironmentVariables } from '../../lib/env-vars';
import { validateWithSchema, type FormValidation } from '../../lib/schema-form';
import { COMMON_LABELS, INITIAL_COMMON_VALUES, commonBody, commonFieldForPath, commonValuesOf, type CommonCheckValues } from './check-form-common';
import { frequencyLabel } from './frequency';

export interface DependencyItem {
  path: string;
  content: string;
}

export interface MultiStepFormValues extends CommonCheckValues {
  script: string;
  dependencies: DependencyItem[];
  environmentVariables: EnvVarItem[];
}

export const MULTI_STEP_FREQUENCY_OPTIONS = MULTI_STEP_FREQUENCIES.map((frequency) => ({
  value: String(frequency),
  label: frequencyLabel(frequency),
}));

/** The starter calls nothing: a check saved unedited must not send requests to someone else's host (docs/DECISIONS.md). */
export const SAMPLE_SCRIPT = `import { test, expect } from '@playwright/test';

// Each test() is one step of the check; replace this one with yours.
test('first step', async ({ request }) => {
  // const response = await request.get('https://your-service.internal/health');
  // expect(response.ok()).toBeTruthy();
  expect(request).toBeDefined();
});
`;

export const INITIAL_MULTI_STEP_FORM_VALUES: MultiStepFormValues = {
  ...INITIAL_COMMON_VALUES,
  script: SAMPLE_SCRIPT,
  dependencies: [],
  environmentVariables: [],
};

export const MULTI_STEP_LABELS: Record<string, string> = { ...COMMON_LABELS, script: 'Script' };

export function toMultiStepBody(values: MultiStepFormValues): MultiStepCheckCreateInput {
  return {
    checkType: 'MULTI_STEP',
    ...commonBody(values),
    frequency: Number(values.frequency) as MultiStepCheckCreateInput['frequency'],
    script: values.script,
    dependencies: values.dependencies.map((dependency) => ({ path: dependency.path.trim(), content: dependency.content })),
    environmentVariables: toEnvironmentVariables(values.environmentVariables),
  };
}

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

export function multiStepValuesOf(check: Record<string, unknown>): MultiStepFormValues {
  const dependencies = Array.isArray(check.dependencies) ? check.dependencies.map(record) : [];
  return {
    ...commonValuesOf(check),
    script: typeof check.script === 'string' ? check.script : '',
    dependencies: dependencies.map((item) => ({ path: String(item.path ?? ''), content: String(item.content ?? '') })),
    environmentVariables: envVarItemsOf(check.environmentVariables),
  };
}

/** Dependency and variable rows are edited where their schema path points: `dependencies.0.path`. */
function fieldForPath(path: readonly PropertyKey[]): string | null {
  const [head] = path;
  if (head === 'script') return 'script';
  if ((head === 'dependencies' || head === 'environmentVariables') && path.length === 3) return path.map(String).join('.');
  return commonFieldForPath(path);
}

export function validateMultiStepForm(values: MultiStepFormValues): FormValidation {
  return validateWithSchema(MultiStepCheckCreate, toMultiStepBody(values), fieldForPath, MULTI_STEP_LABELS);
}
