import { z } from 'zod';
// Installs the shared wording of validation messages before any schema is used.
import './messages';

/**
 * Size limits of everything a client can store (docs/DECISIONS.md, "Field limits"). Where the spec
 * or the public API reference names a maximum, that one is used in the entity's own schema; these
 * are the rest. Short texts count characters; scripts and file contents count UTF-8 bytes.
 */
export const LIMITS = {
  name: 255,
  tag: 255,
  tags: 100,
  privateLocations: 100,
  /** Incident and incident-update texts (neither the spec nor the reference names a maximum). */
  incidentDescription: 10_000,
  envVarKey: 255,
  envVarValue: 8_192,
  keyValueKey: 255,
  keyValueValue: 8_192,
  keyValues: 100,
  assertions: 100,
  assertionText: 2_048,
  url: 2_048,
  credential: 1_024,
  /** A multi-step script, and each of its dependency files. */
  scriptBytes: 256 * 1024,
  dependencyBytes: 256 * 1024,
  dependenciesTotalBytes: 1024 * 1024,
  /** localSetupScript, localTearDownScript, browserCheckDefaults: kept, never run here. */
  snippetBytes: 64 * 1024,
  webhookTemplate: 65_536,
  heartbeatJson: 4_096,
  domain: 2_048,
} as const;

/** UTF-8 length without encoding the string (a lone surrogate counts as the 3 bytes of U+FFFD). */
export function utf8Length(value: string): number {
  let bytes = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < value.length && (value.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

function kib(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  return bytes % 1024 === 0 ? `${bytes / 1024} KiB` : `${bytes} bytes`;
}

export function tooManyBytesMessage(max: number): string {
  return `must be at most ${max} bytes (${kib(max)}) of UTF-8`;
}

/** A string (by default any) of at most `max` UTF-8 bytes. */
export function byteLimited(max: number, base: z.ZodString = z.string()) {
  return base.refine((value) => value.length <= max && utf8Length(value) <= max, tooManyBytesMessage(max));
}

/** A name: 1..255 characters. */
export const BoundedName = z.string().min(1).max(LIMITS.name);

/** One tag: 1..255 characters. */
export const Tag = z.string().min(1).max(LIMITS.tag);
export const Tags = z.array(Tag).max(LIMITS.tags);

/** property, target and regex of an assertion. */
export const AssertionText = z.string().max(LIMITS.assertionText);
