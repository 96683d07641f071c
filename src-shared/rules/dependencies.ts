/**
 * Check dependencies (a Sightline extension): a check, or a group for its members, names checks it
 * depends on; while one of them fails, the dependent's alerts are held down. Pure rules only.
 */

/** At most this many ids in one `dependsOn` list. */
export const MAX_DEPENDENCIES = 20;

/** How many held-down dependents an alert names before "…". */
export const HELD_DOWN_NAMES_SHOWN = 10;

/** A check's dependencies with its group's applied: the union of both lists, never itself, each once. */
export function effectiveDependencies(checkId: string, own: readonly string[] | undefined, group: readonly string[] | undefined): string[] {
  return [...new Set([...(own ?? []), ...(group ?? [])])].filter((id) => id !== checkId);
}

/**
 * A cycle reachable from `from` in the graph (check id → ids it depends on), as the path of ids that
 * closes it (`[a, b, a]`), or null. Iterative DFS, so a long chain cannot overflow the stack.
 */
export function findDependencyCycle(graph: ReadonlyMap<string, readonly string[]>, from: readonly string[]): string[] | null {
  const done = new Set<string>();
  for (const start of from) {
    if (done.has(start)) continue;
    const path: string[] = [];
    const onPath = new Set<string>();
    const stack: { id: string; next: number }[] = [{ id: start, next: 0 }];
    path.push(start);
    onPath.add(start);
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as { id: string; next: number };
      const edges = graph.get(top.id) ?? [];
      if (top.next >= edges.length) {
        stack.pop();
        path.pop();
        onPath.delete(top.id);
        done.add(top.id);
        continue;
      }
      const to = edges[top.next] as string;
      top.next += 1;
      if (onPath.has(to)) return [...path.slice(path.indexOf(to)), to];
      if (done.has(to)) continue;
      stack.push({ id: to, next: 0 });
      path.push(to);
      onPath.add(to);
    }
  }
  return null;
}

/** "20 dependent checks held down: a, b, c, …" (names in the order given, cut after a few). */
export function heldDownText(count: number, names: readonly string[]): string {
  const shown = names.slice(0, HELD_DOWN_NAMES_SHOWN);
  const more = count > shown.length ? ', …' : '';
  return `${count} dependent check${count === 1 ? '' : 's'} held down: ${shown.join(', ')}${more}`;
}

/** What a dependent's held-down failure says: `suppressed: depends on "Gateway", which is failing`. */
export function suppressedText(dependencyName: string): string {
  return `suppressed: depends on "${dependencyName}", which is failing`;
}
