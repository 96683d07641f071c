import type { ExecutionError } from './types';

const HINTS: Record<'ping' | 'fping' | 'mtr', string> = {
  ping: 'ICMP monitors need ping: install it with "apt-get install iputils-ping" (Debian/Ubuntu); macOS and Windows ship their own ping',
  fping: 'batched ICMP monitors need fping: install it with "apt-get install fping" (Debian/Ubuntu) or "brew install fping" (macOS)',
  mtr: 'traceroute needs mtr: install it with "apt-get install mtr-tiny" (Debian/Ubuntu) or "brew install mtr" (macOS)',
};

/** The message says exactly what to install; the path shows which binary was tried. */
export function toolMissing(tool: 'ping' | 'fping' | 'mtr', path: string): ExecutionError {
  return { kind: 'TOOL_MISSING', message: `${HINTS[tool]} ("${path}" could not be run)` };
}
