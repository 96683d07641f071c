/**
 * Reads `$.a.b[0]`, `a.b`, `$['a']` or `packetLoss` from a plain object. An unknown member gives
 * undefined; the path language stays this small on purpose (no filters, no wildcards).
 */
export function readJsonPath(root: unknown, path: string): unknown {
  const segments = parsePath(path.trim());
  if (segments === null) return undefined;
  let current: unknown = root;
  for (const segment of segments) {
    if (current === null || typeof current !== 'object') return undefined;
    if (Array.isArray(current)) {
      if (typeof segment !== 'number') return segment === 'length' ? current.length : undefined;
      current = current[segment];
    } else {
      current = Object.prototype.hasOwnProperty.call(current, segment) ? (current as Record<string, unknown>)[String(segment)] : undefined;
    }
  }
  return current;
}

function parsePath(path: string): (string | number)[] | null {
  let rest = path.startsWith('$') ? path.slice(1) : path;
  const segments: (string | number)[] = [];
  while (rest.length > 0) {
    const bracket = /^\[(?:(\d+)|'([^']*)'|"([^"]*)")\]/.exec(rest);
    if (bracket) {
      segments.push(bracket[1] !== undefined ? Number(bracket[1]) : (bracket[2] ?? bracket[3]));
      rest = rest.slice(bracket[0].length);
      continue;
    }
    const member = /^\.?([^.[\]]+)/.exec(rest);
    if (!member) return null;
    segments.push(member[1]);
    rest = rest.slice(member[0].length);
  }
  return segments;
}

/** The path parses in this small language (`$`, `.member`, `[0]`, `['member']`). */
export function isValidJsonPath(path: string): boolean {
  return parsePath(path.trim()) !== null;
}
