type Schema = Record<string, any>;

/**
 * Members of `body` that `schema` (an OpenAPI document's schema, `$ref`s into `doc`) does not list:
 * an object schema with `properties` declares exactly those; one with only `additionalProperties`
 * (a record) declares any member; a schema saying nothing (`{}`, zod's any) declares none of an
 * object's members. Unions take the branch that leaves the fewest undeclared.
 */
export function undeclaredMembers(doc: Schema, schema: Schema | undefined, body: unknown, pointer = ''): string[] {
  if (!schema || body === null || body === undefined) return [];
  if (typeof schema.$ref === 'string') {
    const target = (schema.$ref as string)
      .replace(/^#\//, '')
      .split('/')
      .reduce<Schema | undefined>((node, part) => node?.[part.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
    return undeclaredMembers(doc, target, body, pointer);
  }
  const branches = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
  if (branches) {
    const results = branches.map((branch) => undeclaredMembers(doc, branch, body, pointer));
    return results.reduce((best, next) => (next.length < best.length ? next : best));
  }
  if (schema.allOf) {
    const merged: Schema = { type: 'object', properties: {} };
    for (const part of schema.allOf as Schema[]) {
      const resolved = typeof part.$ref === 'string' ? resolveRef(doc, part.$ref) : part;
      Object.assign(merged.properties, resolved?.properties ?? {});
      if (resolved?.additionalProperties && !resolved.properties) merged.additionalProperties = resolved.additionalProperties;
    }
    return undeclaredMembers(doc, merged, body, pointer);
  }
  if (Array.isArray(body)) return body.flatMap((item, i) => undeclaredMembers(doc, schema.items, item, `${pointer}/${i}`));
  if (typeof body !== 'object') return [];
  const properties = schema.properties as Record<string, Schema> | undefined;
  const out: string[] = [];
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const here = `${pointer}/${key}`;
    if (properties?.[key]) out.push(...undeclaredMembers(doc, properties[key], value, here));
    else if (!properties && schema.additionalProperties) {
      // A free-form record (`additionalProperties: {}`) declares whatever lies below it, as the reference's freeform objects do.
      const free = schema.additionalProperties === true || Object.keys(schema.additionalProperties as Schema).length === 0;
      if (!free) out.push(...undeclaredMembers(doc, schema.additionalProperties, value, here));
    }
    else out.push(here);
  }
  return out;
}

function resolveRef(doc: Schema, ref: string): Schema | undefined {
  return ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<Schema | undefined>((node, part) => node?.[part], doc);
}
