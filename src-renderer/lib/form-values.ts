/** NumberInput gives '' when cleared; an empty field leaves the schema's default in place. */
export function optionalNumber(value: number | string): number | undefined {
  if (value === '') return undefined;
  return typeof value === 'number' ? value : Number(value);
}

/** An empty number field means "not set" for members that are nullable rather than defaulted. */
export function numberOrNull(value: number | string): number | null {
  return optionalNumber(value) ?? null;
}

/** An empty text field means "not set". */
export function textOrNull(value: string): string | null {
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** A number read back from the API for a NumberInput: '' when absent. */
export function numberField(value: unknown): number | '' {
  return typeof value === 'number' ? value : '';
}

export function stringArray(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
