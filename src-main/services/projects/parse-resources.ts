import { AppError } from '../../core/errors';
import { describeIssues } from '../../../src-shared/errors';
import { DeployResource } from '../../../src-shared/schemas/project';
import { Slicer } from './slices';

/** The deploy's constructs, each parsed by its schema, a slice at a time; the first bad one is a 400 naming it by index. */
export async function parseResources(raw: readonly unknown[]): Promise<DeployResource[]> {
  const slicer = new Slicer();
  const parsed: DeployResource[] = [];
  for (const [index, item] of raw.entries()) {
    await slicer.pause();
    const result = DeployResource.safeParse(item);
    if (!result.success) throw new AppError('validation', describeIssues(result.error.issues, `resources[${index}]`));
    parsed.push(result.data);
  }
  return parsed;
}
