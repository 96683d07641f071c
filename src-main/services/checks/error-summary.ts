/** One line for a stored run error (`{kind, message}` JSON): "KIND: message", at most 300 characters. */
export function errorSummary(json: string | null | undefined): string | null {
  if (json === null || json === undefined) return null;
  try {
    const error = JSON.parse(json) as { kind?: unknown; message?: unknown };
    const text = [error.kind, error.message].filter((part) => typeof part === 'string' && part !== '').join(': ');
    return text === '' ? null : text.slice(0, 300);
  } catch {
    return null;
  }
}
