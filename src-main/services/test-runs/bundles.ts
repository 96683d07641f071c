import { randomUUID } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { AppError } from '../../core/errors';
import { transaction } from '../../db/connection';
import { insertCodeBundle } from '../../db/repositories/code-bundles';
import type { ServiceContext } from '../context';

/** The largest code bundle accepted (compressed): the CLI names this figure from the 413's message. */
export const CODE_BUNDLE_MAX_BYTES = 20 * 1024 * 1024;
/** Bundles kept per account: each `checkly test` or deploy uploads one, and only the latest are ever used. */
const KEPT_BUNDLES = 10;

/**
 * POST /next/checkly-storage/upload-code-bundle: keeps the project's tar.gz and answers its key.
 * Multi-step checks carry their script and helper files inline, so the bundle is only kept (bounded),
 * never unpacked; it must at least be gzip, so a wrong upload is refused at once.
 */
export async function storeCodeBundle(ctx: ServiceContext, content: Buffer): Promise<{ key: string }> {
  if (content.length === 0) throw new AppError('validation', 'The code bundle is empty: send the project archive (tar.gz) as the request body.');
  if (content[0] !== 0x1f || content[1] !== 0x8b) throw new AppError('validation', 'The code bundle is not gzip: send the project archive (tar.gz) as the request body.');
  try {
    // Only the first kilobyte is inflated (at most about a megabyte out): enough to refuse a corrupt archive without unpacking it.
    gunzipSync(content.subarray(0, Math.min(content.length, 1024)), { finishFlush: 2 });
  } catch {
    throw new AppError('validation', 'The code bundle is not a readable gzip archive.');
  }
  const key = `code-bundles/${ctx.accountId}/${randomUUID()}.tar.gz`;
  await transaction(ctx.db, async (tx) => await insertCodeBundle(tx, { key, accountId: ctx.accountId, content, createdAt: ctx.clock.now().getTime() }, KEPT_BUNDLES));
  return { key };
}
