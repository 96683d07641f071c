import type { z } from 'zod';
import { errorMessage } from './api-errors';

/** Schema issues a form has no field for are kept under this key and shown above its buttons. */
export const SCHEMA_ERROR_KEY = '_schema';

/** Where a schema path is edited in a form; null when the form has no field for it. */
export type FieldForPath = (path: readonly PropertyKey[]) => string | null;

export interface FormValidation {
  fieldErrors: Record<string, string>;
  formErrors: string[];
}

/** For forms whose value paths mirror the body: `config.headers.0.key`. */
export const mirroredField: FieldForPath = (path) => (path.length > 0 ? path.map(String).join('.') : null);

/** zod's messages either read on from the field name ("must not start with …") or stand alone ("Unexpected value"). */
function withFieldName(label: string | undefined, message: string): string {
  const first = message.charAt(0);
  const continues = first === first.toLowerCase() && first !== first.toUpperCase();
  return label && continues ? `${label} ${message}` : message;
}

/** Messages name other fields by their API key ("must be below maxResponseTime (…)"); a form says the label the person sees. */
function withLabels(message: string, labels: Readonly<Record<string, string>>): string {
  return message.replace(/\b[a-z][A-Za-z]+\b/g, (word) => {
    const label = labels[word]?.replace(/\s*\([^)]*\)$/, '');
    return label ? label.charAt(0).toLowerCase() + label.slice(1) : word;
  });
}

export function issuesToErrors(
  issues: readonly z.core.$ZodIssue[],
  fieldForPath: FieldForPath,
  labels: Readonly<Record<string, string>> = {},
): FormValidation {
  const collected = new Map<string, string[]>();
  const formErrors: string[] = [];
  for (const issue of issues) {
    const field = fieldForPath(issue.path);
    if (field) {
      collected.set(field, [...(collected.get(field) ?? []), withLabels(issue.message, labels)]);
    } else {
      const path = issue.path.map(String).join('.');
      formErrors.push(path ? `${path}: ${issue.message}` : issue.message);
    }
  }
  const fieldErrors: Record<string, string> = {};
  for (const [field, messages] of collected) {
    fieldErrors[field] = messages.map((message, i) => (i === 0 ? withFieldName(labels[field], message) : message)).join('; ');
  }
  return { fieldErrors, formErrors };
}

/** The shared schema is the only source of validation rules and messages. */
export function validateWithSchema(
  schema: z.ZodType,
  body: unknown,
  fieldForPath: FieldForPath,
  labels?: Readonly<Record<string, string>>,
): FormValidation {
  const result = schema.safeParse(body);
  return result.success ? { fieldErrors: {}, formErrors: [] } : issuesToErrors(result.error.issues, fieldForPath, labels);
}

/** The shape @mantine/form's `validate` function returns. */
export function toFormErrors({ fieldErrors, formErrors }: FormValidation): Record<string, string> {
  return formErrors.length > 0 ? { ...fieldErrors, [SCHEMA_ERROR_KEY]: formErrors.join('\n') } : fieldErrors;
}

/** What every create/edit form of a stored thing takes: its values in, a request body out. */
export interface EntityFormProps<Values, Body> {
  /** The form's accessible name, e.g. "New ICMP monitor". */
  label: string;
  initialValues: Values;
  submitLabel: string;
  onSubmit: (body: Body) => void;
  onCancel: () => void;
  submitting: boolean;
  serverError: string | null;
  serverTitle: string;
}

/** The submit state an EntityForm shows for the mutation that saves it. */
export function mutationFormState(mutation: { isPending: boolean; error: unknown }, serverTitle: string) {
  return { submitting: mutation.isPending, serverError: mutation.error ? errorMessage(mutation.error) : null, serverTitle };
}
