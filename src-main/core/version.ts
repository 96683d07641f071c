import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from './config';

let known: string | null = null;

/** Sightline's version (package.json), as a node of the cluster reports it; "unknown" if it cannot be read. */
export function sightlineVersion(): string {
  if (known === null) {
    try {
      known = String((JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version?: unknown }).version ?? 'unknown');
    } catch {
      known = 'unknown';
    }
  }
  return known;
}
