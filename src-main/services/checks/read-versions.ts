import type { CheckView } from './read-shape';

export type VersionedCheckView = Record<string, unknown> & { id: string; name: string; checkType: string };

/** `/v2` reads drop the flat project members; `projectBindings` carries every binding (public API). */
export function toV2CheckView(view: CheckView): VersionedCheckView {
  const { project: _project, logicalId: _logicalId, member: _member, pending: _pending, ...rest } = view;
  return rest;
}

interface LegacyIntent {
  goal: string;
  requiredOutcomes?: string[];
  mustPreserve?: string[];
}

/** `/v3` reads are `/v2` with the intent's two lists as one typed `constraints` list. */
export function toV3CheckView(view: CheckView): VersionedCheckView {
  const v2 = toV2CheckView(view);
  const intent = v2.intent as LegacyIntent | null | undefined;
  if (!intent) return v2;
  const constraints = [
    ...(intent.requiredOutcomes ?? []).map((statement) => ({ type: 'REQUIRED_OUTCOME', statement })),
    ...(intent.mustPreserve ?? []).map((statement) => ({ type: 'MUST_PRESERVE', statement })),
  ];
  return { ...v2, intent: { goal: intent.goal, constraints } };
}
