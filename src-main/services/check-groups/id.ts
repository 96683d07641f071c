import { AppError } from '../../core/errors';

/** Group ids are positive integers; any other text cannot name a group, so it is a 404 like an unknown id. */
export function toGroupId(raw: string | number): number {
  const id = typeof raw === 'number' ? raw : /^[1-9][0-9]{0,15}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(id) || id < 1) throw AppError.notFound();
  return id;
}
