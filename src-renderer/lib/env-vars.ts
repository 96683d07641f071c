import type { EnvironmentVariable } from '../../src-shared/schemas/check-common';
import type { EnvVarItem } from '../components/env-vars-editor';
import type { KeyValueItem } from '../components/key-value-editor';

export function toEnvironmentVariables(items: readonly EnvVarItem[]): EnvironmentVariable[] {
  return items.map((item) => ({ key: item.key.trim(), value: item.value, locked: false, secret: item.secret }));
}

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

export function envVarItemsOf(value: unknown): EnvVarItem[] {
  if (!Array.isArray(value)) return [];
  return value.map((raw) => {
    const item = record(raw);
    return { key: String(item.key ?? ''), value: typeof item.value === 'string' ? item.value : '', secret: item.secret === true };
  });
}

export function keyValueItemsOf(value: unknown): KeyValueItem[] {
  if (!Array.isArray(value)) return [];
  return value.map((raw) => {
    const item = record(raw);
    return { key: String(item.key ?? ''), value: String(item.value ?? '') };
  });
}

export function toKeyValues(items: readonly KeyValueItem[]) {
  return items.map((item) => ({ key: item.key.trim(), value: item.value, locked: false }));
}
