import { SECRET_MASK } from '../../src-shared/rules/secrets';
import type { EnvironmentVariable } from '../../src-shared/schemas/check-common';
import type { EnvVarItem } from '../components/env-vars-editor';
import type { KeyValueItem } from '../components/key-value-editor';

/** A stored secret that is not being replaced goes back as the mask: the server keeps its value. */
export function toEnvironmentVariables(items: readonly EnvVarItem[]): EnvironmentVariable[] {
  return items.map((item) =>
    item.storedSecret && !item.replacing
      ? { key: item.key.trim(), value: SECRET_MASK, locked: item.locked === true, secret: true }
      : { key: item.key.trim(), value: item.value, locked: item.locked === true, secret: item.secret },
  );
}

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

export function envVarItemsOf(value: unknown): EnvVarItem[] {
  if (!Array.isArray(value)) return [];
  return value.map((raw) => {
    const item = record(raw);
    // A secret's value never comes back (it reads as the mask): the row says "set" and offers a replacement.
    const storedSecret = item.secret === true && item.value === SECRET_MASK;
    return {
      key: String(item.key ?? ''),
      value: storedSecret || typeof item.value !== 'string' ? '' : item.value,
      secret: item.secret === true,
      storedSecret,
      replacing: false,
      // Not edited here (secret is what hides a value), but kept so a save does not drop it.
      locked: item.locked === true,
    };
  });
}

export function keyValueItemsOf(value: unknown): KeyValueItem[] {
  if (!Array.isArray(value)) return [];
  return value.map((raw) => {
    const item = record(raw);
    return { key: String(item.key ?? ''), value: String(item.value ?? ''), locked: item.locked === true };
  });
}

export function toKeyValues(items: readonly KeyValueItem[]) {
  return items.map((item) => ({ key: item.key.trim(), value: item.value, locked: item.locked === true }));
}
