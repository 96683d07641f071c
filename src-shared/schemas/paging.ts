import { z } from 'zod';

export const PageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(10),
  page: z.coerce.number().int().min(1).default(1),
});
export type PageQuery = z.infer<typeof PageQuery>;

/** "content-range: 0-9/123" as the public API sends it; "*\/0" style for an empty page. */
export function contentRange(page: number, limit: number, count: number, total: number): string {
  const start = (page - 1) * limit;
  if (count === 0) return `${start}-${start}/${total}`;
  return `${start}-${start + count - 1}/${total}`;
}
