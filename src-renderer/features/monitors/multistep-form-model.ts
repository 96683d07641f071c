import { MULTI_STEP_FREQUENCIES, MultiStepCheckCreate, type MultiStepCheckCreateInput } from '../../../src-shared/schemas/multistep-check';
import type { EnvVarItem } from '../../components/env-vars-editor';
import { envVarItemsOf, toEnvironmentVariables } from '../../lib/env-vars';
import { validateWithSchema, type FormValidation } from '../../lib/schema-form';
import { COMMON_LABELS, INITIAL_COMMON_VALUES, commonBody, commonFieldForPath, commonValuesOf, type CommonCheckValues } from './check-form-common';
import { frequencyLabel } from './frequency';
import { multiStepTemplate, type MultiStepTemplate } from '../../../src-shared/rules/multistep-templates';

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

export const INITIAL_MULTI_STEP_FORM_VALUES: MultiStepFormValues = {
  ...INITIAL_COMMON_VALUES,
  script: multiStepTemplate('blank').script,
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

/** A template's variables the operator has not filled in yet: the script cannot work without them. */
function missingValues(values: MultiStepFormValues): Record<string, string> {
  const missing: Record<string, string> = {};
  values.environmentVariables.forEach((item, index) => {
    if (item.required && !item.storedSecret && item.value.trim() === '') {
      missing[`environmentVariables.${index}.value`] = `Fill in ${item.key.trim() || 'this variable'}: the script reads it`;
    }
  });
  return missing;
}

export function validateMultiStepForm(values: MultiStepFormValues): FormValidation {
  const validation = validateWithSchema(MultiStepCheckCreate, toMultiStepBody(values), fieldForPath, MULTI_STEP_LABELS);
  return { ...validation, fieldErrors: { ...missingValues(values), ...validation.fieldErrors } };
}

/**
 * Starts the form over from another template: its script, plus its variables (empty, to fill in).
 * Variables the previous template added and the operator left empty go; everything else stays.
 */
export function applyTemplate(values: MultiStepFormValues, from: MultiStepTemplate, to: MultiStepTemplate): MultiStepFormValues {
  const untouched = (item: EnvVarItem) => from.variables.some((variable) => variable.key === item.key) && item.value === '' && !item.storedSecret;
  const kept = values.environmentVariables.filter((item) => !untouched(item));
  const added = to.variables
    .filter((variable) => !kept.some((item) => item.key === variable.key))
    .map((variable): EnvVarItem => ({ key: variable.key, value: '', secret: variable.secret, hint: variable.hint, required: true }));
  return { ...values, script: to.script, environmentVariables: [...kept, ...added] };
}
