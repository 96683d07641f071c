import type { z } from 'zod';

/** Where a row that does not parse is reported: the server's log once boot sets it (reportUnreadableRowsTo). */
type Report = (facts: { table: string; id: string | number; problem: string }, message: string) => void;

let report: Report = (facts, message) => console.warn(JSON.stringify({ level: 'warn', ...facts, msg: message }));
const reported = new Set<string>();

/** Sends the notices of unreadable rows to the server's log (the composition root calls it once); answers how to undo it. */
export function reportUnreadableRowsTo(logger: { warn: Report }): () => void {
  const before = report;
  report = (facts, message) => logger.warn(facts, message);
  return () => {
    report = before;
  };
}

/**
 * A stored JSON column parsed by its schema on the way out of the database: the typed value, or
 * undefined when it does not parse (written by an older version, edited by hand). Such a row is
 * reported once per stored version (`stamp`: its updated_at), naming the member, and left to the
 * caller to skip: one bad row never turns a list into a 500 or stops a loop over every row.
 */
export function parseStored<S extends z.ZodType>(schema: S, value: unknown, row: { table: string; id: string | number; stamp: string | null }): z.output<S> | undefined {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const key = `${row.table}:${row.id}@${row.stamp ?? ''}`;
  if (!reported.has(key)) {
    reported.add(key);
    const problem = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`).join('; ');
    report({ table: row.table, id: row.id, problem }, 'a stored row does not parse: it is left out until it is written again (see the problem)');
  }
  return undefined;
}
