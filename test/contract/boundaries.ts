import type { Reference } from './schemas';

type Json = Record<string, any>;

/** One probe of one request rule: `value` at `path` (left out when undefined); `accept` says whether the public schema allows it. */
export interface Probe {
  /** Dotted path of the member, as Sightline's 400 messages name it (`request.pingCount`, `incidentUpdates[0].description`). */
  field: string;
  rule: string;
  accept: boolean;
  path: Array<string | number>;
  value: unknown;
  /** The valid body's own value is the probe (a pattern's accepted case): send a fresh valid body as it is. */
  keep?: boolean;
}

/** Members the reference lists in request bodies that are read-only (DECISIONS: ignored on input). */
const READ_ONLY = new Set(['id', 'created_at', 'updated_at', 'lastUpdateStatus', 'duration']);

/** A copy of `body` with `value` at `path` (the member removed when `value` is undefined). */
export function setAt(body: Json, path: Array<string | number>, value: unknown): Json {
  const copy = structuredClone(body);
  let node: any = copy;
  for (const key of path.slice(0, -1)) node = node[key];
  const last = path[path.length - 1];
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}

function dotted(path: Array<string | number>): string {
  return path.map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? part : `.${part}`)).join('');
}

/** A string of exactly `length` characters, grown from the valid one so it keeps its shape (a URL stays a URL). */
function stringOfLength(valid: unknown, length: number): string {
  const base = typeof valid === 'string' && valid.length > 0 ? valid : 'x';
  return base.length >= length ? base.slice(0, length) : base + 'a'.repeat(length - base.length);
}

/** The same item again, made distinct where the API requires distinct items (keys, names). */
function itemLike(item: unknown, i: number): unknown {
  if (typeof item === 'string') return `${item}-${i}`;
  if (item && typeof item === 'object' && !Array.isArray(item)) {
    const copy: Json = { ...(item as Json) };
    for (const key of ['key', 'name', 'path']) if (typeof copy[key] === 'string') copy[key] = `${copy[key]}_${i}`;
    return copy;
  }
  return item;
}

/**
 * Probes for every rule the reference's request schema states about the members of `valid` (and
 * one level into its objects and first array items): each rule at its boundary (accepted) and just
 * past it (refused). Required members are probed by leaving them out.
 */
export function probesFor(reference: Reference, schema: Json, valid: Json): Probe[] {
  const probes: Probe[] = [];
  const visit = (raw: Json, path: Array<string | number>, value: Json, depth: number) => {
    const node = reference.resolve(raw);
    const properties = (node.properties ?? {}) as Record<string, Json>;
    for (const name of (node.required as string[] | undefined) ?? []) {
      if (value[name] === undefined || READ_ONLY.has(name)) continue;
      probes.push({ field: dotted([...path, name]), rule: 'required', accept: false, path: [...path, name], value: undefined });
    }
    for (const [name, rawMember] of Object.entries(properties)) {
      if (READ_ONLY.has(name)) continue;
      const member = reference.resolve(rawMember);
      const here = [...path, name];
      const field = dotted(here);
      const current = value[name];
      const type = Array.isArray(member.type) ? member.type.find((t: string) => t !== 'null') : member.type;
      const add = (rule: string, accept: boolean, next: unknown) => probes.push({ field, rule, accept, path: here, value: next });
      if (type === 'string' && !member.enum) {
        if (typeof member.minLength === 'number' && member.minLength > 0) {
          add(`minLength ${member.minLength}`, true, stringOfLength(current, member.minLength));
          add(`minLength ${member.minLength}`, false, stringOfLength(current, member.minLength - 1));
        }
        if (typeof member.maxLength === 'number') {
          add(`maxLength ${member.maxLength}`, true, stringOfLength(current, member.maxLength));
          add(`maxLength ${member.maxLength}`, false, stringOfLength(current, member.maxLength + 1));
        }
        if (typeof member.pattern === 'string' && typeof current === 'string') {
          const pattern = new RegExp(member.pattern);
          if (pattern.test(current)) probes.push({ field, rule: 'pattern', accept: true, path: here, value: current, keep: true });
          const bad = `${current} !`;
          if (!pattern.test(bad)) add(`pattern`, false, bad);
        }
      }
      if ((type === 'integer' || type === 'number') && !member.enum) {
        const step = type === 'integer' ? 1 : 0.5;
        const { low, high, lowOpen, highOpen } = numericBounds(member);
        if (typeof low === 'number') {
          add(`${lowOpen ? 'exclusiveMinimum' : 'minimum'} ${low}`, true, lowOpen ? low + step : low);
          add(`${lowOpen ? 'exclusiveMinimum' : 'minimum'} ${low}`, false, lowOpen ? low : low - step);
        }
        if (typeof high === 'number') {
          add(`${highOpen ? 'exclusiveMaximum' : 'maximum'} ${high}`, true, highOpen ? high - step : high);
          add(`${highOpen ? 'exclusiveMaximum' : 'maximum'} ${high}`, false, highOpen ? high : high + step);
        }
        if (type === 'integer' && current !== undefined) add('integer', false, (typeof current === 'number' ? current : 1) + 0.5);
      }
      if (Array.isArray(member.enum) && member.enum.length > 0) {
        for (const option of member.enum.filter((v: unknown) => v !== null).slice(0, 30)) add(`enum ${JSON.stringify(option)}`, true, option);
        add('enum', false, 'NOT_A_LISTED_VALUE');
      }
      if (type === 'array' && typeof member.maxItems === 'number' && Array.isArray(current) && current.length > 0) {
        const items = (n: number) => Array.from({ length: n }, (_, i) => itemLike(current[0], i));
        add(`maxItems ${member.maxItems}`, true, items(member.maxItems));
        add(`maxItems ${member.maxItems}`, false, items(member.maxItems + 1));
      }
      if (depth > 0 && current && typeof current === 'object') {
        if (Array.isArray(current)) {
          const itemSchema = member.items ? reference.resolve(member.items as Json) : null;
          if (itemSchema?.properties && current[0] && typeof current[0] === 'object') visit(itemSchema, [...here, 0], current[0] as Json, depth - 1);
        } else if (member.properties) visit(member, here, current as Json, depth - 1);
      }
    }
  };
  visit(schema, [], valid, 2);
  return probes;
}

/** A query-parameter probe: `value` is sent as `?name=value` on its own. */
export interface QueryProbe {
  name: string;
  rule: string;
  accept: boolean;
  value: string;
}

/** Probes for the rules of one query parameter's schema (enum, bounds, integer, boolean). */
/**
 * A number's bounds. OpenAPI 3.0 writes an exclusive bound as `minimum: x, exclusiveMinimum: true`,
 * JSON Schema as `exclusiveMinimum: x`; the excerpt also writes "positive" as `x-constraint: {sign: 'positive'}`.
 */
function numericBounds(schema: Json): { low: number | undefined; high: number | undefined; lowOpen: boolean; highOpen: boolean } {
  const positive = (schema['x-constraint'] as Json | undefined)?.sign === 'positive';
  let low: number | undefined = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : typeof schema.minimum === 'number' ? schema.minimum : undefined;
  let lowOpen = schema.exclusiveMinimum === true || typeof schema.exclusiveMinimum === 'number';
  if (positive && (low === undefined || low < 0 || (low === 0 && !lowOpen))) {
    low = 0;
    lowOpen = true;
  }
  const high: number | undefined = typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : typeof schema.maximum === 'number' ? schema.maximum : undefined;
  const highOpen = schema.exclusiveMaximum === true || typeof schema.exclusiveMaximum === 'number';
  return { low, high, lowOpen, highOpen };
}

export function queryProbes(reference: Reference, name: string, raw: Json): QueryProbe[] {
  const schema = reference.resolve(raw);
  const type = Array.isArray(schema.type) ? schema.type.find((t: string) => t !== 'null') : schema.type;
  const out: QueryProbe[] = [];
  const add = (rule: string, accept: boolean, value: unknown) => out.push({ name, rule, accept, value: String(value) });
  if (Array.isArray(schema.enum)) {
    for (const option of schema.enum.filter((v: unknown) => v !== null).slice(0, 30)) add(`enum ${JSON.stringify(option)}`, true, option);
    add('enum', false, 'NOT_A_LISTED_VALUE');
  }
  if (type === 'integer' || type === 'number') {
    const step = type === 'integer' ? 1 : 0.5;
    const { low, high, lowOpen, highOpen } = numericBounds(schema);
    if (typeof low === 'number') {
      add(`${lowOpen ? 'exclusiveMinimum' : 'minimum'} ${low}`, true, lowOpen ? low + step : low);
      add(`${lowOpen ? 'exclusiveMinimum' : 'minimum'} ${low}`, false, lowOpen ? low : low - step);
    }
    if (typeof high === 'number') {
      add(`${highOpen ? 'exclusiveMaximum' : 'maximum'} ${high}`, true, highOpen ? high - step : high);
      add(`${highOpen ? 'exclusiveMaximum' : 'maximum'} ${high}`, false, highOpen ? high : high + step);
    }
    if (type === 'integer') add('integer', false, 1.5);
    add('number', false, 'abc');
  }
  if (type === 'boolean') {
    add('boolean', true, 'true');
    add('boolean', true, 'false');
    add('boolean', false, 'maybe');
  }
  return out;
}
