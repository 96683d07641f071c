import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';

/**
 * The public API's OpenAPI 3.0 excerpt the spec was written from: a copy of shared/reference kept in
 * the repository, so a clean clone (CI) has it.
 */
export const REFERENCE_PATH = process.env.SIGHTLINE_REFERENCE_OPENAPI ?? fileURLToPath(new URL('./reference/public-api-openapi-excerpt.json', import.meta.url));

type Json = Record<string, unknown>;
export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
const METHODS: Method[] = ['get', 'post', 'put', 'patch', 'delete'];

/** Some descriptions hold raw newlines and tabs: escape control characters inside strings before parsing. */
export function parseLenient(text: string): Json {
  let out = '';
  let inString = false;
  let escaped = false;
  for (const ch of text) {
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      else if (ch.charCodeAt(0) < 0x20) {
        out += `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
        continue;
      }
    } else if (ch === '"') inString = true;
    out += ch;
  }
  return JSON.parse(out) as Json;
}

/** OpenAPI 3.0 → JSON Schema: `nullable: true` becomes a union with null; OpenAPI-only keywords go. */
export function toJsonSchema(node: unknown, dangling: ReadonlySet<string>): unknown {
  if (Array.isArray(node)) return node.map((item) => toJsonSchema(item, dangling));
  if (!node || typeof node !== 'object') return node;
  const source = node as Json;
  if (typeof source.$ref === 'string' && dangling.has(source.$ref.split('/').pop() ?? '')) return {};
  const out: Json = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === 'nullable' || key === 'example' || key === 'discriminator' || key === 'xml' || key === 'externalDocs' || key.startsWith('x-')) continue;
    if (key === 'properties' || key === 'patternProperties') {
      out[key] = Object.fromEntries(Object.entries(value as Json).map(([name, schema]) => [name, toJsonSchema(schema, dangling)]));
    } else out[key] = toJsonSchema(value, dangling);
  }
  if (source.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...(out.enum as unknown[]), null];
    if (out.type === undefined) return { anyOf: [out, { type: 'null' }] };
  }
  return out;
}

/**
 * `ChecksV1Check` is an anyOf over every check type, a member list item a oneOf of member and
 * invite: a body failing it would list every branch's errors. Choosing the branch by the member
 * whose value names it (`checkType`, `type`: what the public API's discriminator does) reports
 * only the errors of the kind the body says it is.
 */
function discriminateUnions(schemas: Record<string, Json>): void {
  const resolve = (node: Json): Json => (typeof node.$ref === 'string' ? resolve(schemas[node.$ref.split('/').pop() as string] ?? {}) : node);
  const tagOf = (branch: Json, name: string): unknown[] | undefined => (((resolve(branch).properties as Json | undefined)?.[name] as Json | undefined)?.enum as unknown[] | undefined);
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const schema = node as Json;
    for (const keyword of ['anyOf', 'oneOf'] as const) {
      if (!Array.isArray(schema[keyword])) continue;
      const branches = schema[keyword] as Json[];
      const name = ['checkType', 'type'].find((candidate) => branches.filter((b) => tagOf(b, candidate)?.length === 1).length > 1);
      if (!name) continue;
      const specific = branches.filter((b) => tagOf(b, name)?.length === 1);
      const tags = specific.map((b) => tagOf(b, name)?.[0]);
      const rest = branches.filter((b) => tagOf(b, name)?.length !== 1);
      delete schema[keyword];
      schema.allOf = [
        ...specific.map((b) => ({ if: { properties: { [name]: { const: tagOf(b, name)?.[0] } }, required: [name] }, then: b })),
        { if: { not: { properties: { [name]: { enum: tags } }, required: [name] } }, then: rest.length > 0 ? { anyOf: rest } : { properties: { [name]: { enum: tags } }, required: [name] } },
      ];
    }
    for (const value of Object.values(schema)) visit(value);
  };
  visit(schemas);
}

export interface ReferenceOperation {
  method: Method;
  /** OpenAPI form: `/v1/checks/{id}`. */
  path: string;
  operation: Json;
}

export interface Violation {
  operation: string;
  status: number;
  pointer: string;
  message: string;
}

export interface Reference {
  doc: Json;
  operations: ReferenceOperation[];
  find(method: string, path: string): ReferenceOperation | undefined;
  /** The validator of a response body, or null when the reference gives no JSON schema for that status. */
  responseValidator(method: string, path: string, status: number): ValidateFunction | null;
  /** The request body schema (JSON Schema form, refs resolved one level), or null. */
  requestSchema(method: string, path: string): Json | null;
  resolve(schema: Json): Json;
}

function pointerSegment(text: string): string {
  return text.replace(/~/g, '~0').replace(/\//g, '~1');
}

let cached: Reference | null = null;

export function loadReference(): Reference {
  if (cached) return cached;
  const raw = parseLenient(readFileSync(REFERENCE_PATH, 'utf8'));
  const dangling = new Set((raw['x-excerpt-dangling-refs'] as string[] | undefined) ?? []);
  const doc = toJsonSchema(raw, dangling) as Json;
  discriminateUnions((doc.components as { schemas: Record<string, Json> }).schemas);
  // Formats as the public API writes them; `date` members carry full timestamps there too.
  const ajv = new Ajv({ allErrors: true, strict: false, validateFormats: true });
  const addFormats = addFormatsModule as unknown as (ajv: Ajv) => void;
  addFormats(ajv);
  // The public API writes its `format: date` members (created_at) as full ISO timestamps; DECISIONS "Public contract".
  ajv.addFormat('date', /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2}))?$/);
  ajv.addSchema({ $id: 'reference', components: doc.components, paths: doc.paths });

  const operations: ReferenceOperation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Json>)) {
    for (const method of METHODS) if (item[method]) operations.push({ method, path, operation: item[method] as Json });
  }
  const validators = new Map<string, ValidateFunction | null>();
  const find = (method: string, path: string) => operations.find((op) => op.method === method.toLowerCase() && op.path === path);

  // Through $refs, and through a nullable wrapper (`anyOf: [X, {type: 'null'}]`, `allOf: [X]`) to X.
  const resolve = (schema: Json): Json => {
    let current = schema;
    for (;;) {
      if (typeof current.$ref === 'string') {
        const name = current.$ref.split('/').pop() as string;
        current = (doc.components as { schemas: Record<string, Json> }).schemas[name] ?? {};
        continue;
      }
      const wrapped = (current.anyOf ?? current.allOf) as Json[] | undefined;
      const inner = wrapped?.filter((branch) => branch.type !== 'null');
      if (inner?.length === 1 && !current.properties) {
        current = inner[0];
        continue;
      }
      return current;
    }
  };

  cached = {
    doc,
    operations,
    find,
    resolve,
    responseValidator(method, path, status) {
      const key = `${method.toLowerCase()} ${path} ${status}`;
      if (validators.has(key)) return validators.get(key) ?? null;
      const op = find(method, path);
      const response = (op?.operation.responses as Record<string, Json> | undefined)?.[String(status)];
      const hasSchema = Boolean((response?.content as Json | undefined)?.['application/json']);
      const validator = hasSchema
        ? ajv.compile({
            $ref: `reference#/paths/${pointerSegment(path)}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`,
          })
        : null;
      validators.set(key, validator);
      return validator;
    },
    requestSchema(method, path) {
      const op = find(method, path);
      const schema = ((op?.operation.requestBody as Json | undefined)?.content as Json | undefined)?.['application/json'] as Json | undefined;
      return schema?.schema ? resolve(schema.schema as Json) : null;
    },
  };
  return cached;
}

export function describeErrors(errors: ErrorObject[] | null | undefined): Array<{ pointer: string; message: string }> {
  // "must match then schema" only repeats the branch's own errors.
  return (errors ?? []).filter((error) => error.keyword !== 'if').map((error) => {
    const extra =
      error.keyword === 'additionalProperties'
        ? ` (${String((error.params as { additionalProperty: string }).additionalProperty)})`
        : error.keyword === 'required'
          ? ''
          : error.keyword === 'enum'
            ? ` ${JSON.stringify((error.params as { allowedValues: unknown[] }).allowedValues).slice(0, 120)}`
            : '';
    return { pointer: error.instancePath || '/', message: `${error.message ?? error.keyword}${extra}` };
  });
}

/** `/v1/checks/:id` (Fastify) → `/v1/checks/{id}` (OpenAPI). */
export function toOpenApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}
