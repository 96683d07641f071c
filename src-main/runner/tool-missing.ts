import type { ExecutionError } from './types';

const HINTS: Record<'ping' | 'mtr', string> = {
  ping: 'ICMP monitors need ping: install it with "apt-get install iputils-ping" (Debian/Ubuntu); macOS and Windows ship their own ping',
  mtr: 'traceroute needs mtr: install it with "apt-get install mtr-tiny" (Debian/Ubuntu) or "brew install mtr" (macOS)',
};

/** The message says exactly what to install; the path shows which binary was tried. */
export function toolMissing(tool: 'ping' | 'mtr', path: string): ExecutionError {
  return { kind: 'TOOL_MISSING', message: `${HINTS[tool]} ("${path}" could not be run)` };
}
