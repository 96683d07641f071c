import type { FastifyRequest } from 'fastify';

/**
 * Clients that serialise arrays the axios way (the public CLI among them) send `tag[]=a&tag[]=b`;
 * the public API reads that as `tag`, so the bracketed name is folded into the plain one before validation.
 */
export async function foldBracketArrays(request: FastifyRequest): Promise<void> {
  const query = request.query as Record<string, unknown> | undefined;
  if (!query || typeof query !== 'object') return;
  for (const key of Object.keys(query)) {
    if (!key.endsWith('[]')) continue;
    const name = key.slice(0, -2);
    const values = [query[name], query[key]].flat().filter((v) => v !== undefined);
    delete query[key];
    query[name] = values;
  }
}
