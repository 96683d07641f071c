/**
 * The public API's tag target: the outer list is an OR of groups, each group an AND of tags, and a
 * tag written `!tag` matches only checks WITHOUT that tag. `[[a, b], [a, c, !d]]` is
 * `(a && b) || (a && c && !d)`. An empty group matches every check.
 */
export function matchesTagTarget(tags: readonly string[], matchTags: readonly (readonly string[])[]): boolean {
  const own = new Set(tags);
  return matchTags.some((group) => group.every((tag) => (tag.startsWith('!') ? !own.has(tag.slice(1)) : own.has(tag))));
}
