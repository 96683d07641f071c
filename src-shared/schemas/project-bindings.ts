import { z } from 'zod';

/** The project a code-managed resource is bound to (public API `BindingProjectV1`). */
export const ProjectRef = z.object({ id: z.string(), logicalId: z.string(), name: z.string() });
export type ProjectRef = z.infer<typeof ProjectRef>;

export const ProjectBinding = z.object({
  project: ProjectRef,
  binding: z.object({ logicalId: z.string(), pending: z.boolean(), sourceFile: z.string().nullable() }),
});
export type ProjectBinding = z.infer<typeof ProjectBinding>;

/** `projectBindings` of every code-manageable read shape: the preferred owner and every referencing project. */
export const ProjectBindings = z.object({ owner: ProjectBinding.nullable(), references: z.array(ProjectBinding) });
export type ProjectBindings = z.infer<typeof ProjectBindings>;
