import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { SCENARIOS, type ScenarioName } from './options';

export interface Row {
  figure: string;
  value: string;
  /** The issue's target, when the figure has one. */
  target?: string;
  /** true met, false missed, null not judged (n/a, smoke run). */
  met?: boolean | null;
}

export interface ExtraTable {
  title: string;
  header: string[];
  rows: string[][];
}

export interface ScenarioReport {
  name: ScenarioName;
  title: string;
  /** What exactly was measured, in a sentence or two. */
  description: string;
  rows: Row[];
  tables: ExtraTable[];
  notes: string[];
  /** The scenario threw: the message (its rows may be partial). */
  error?: string;
  /** Not run, and why (e.g. an API it needs does not exist yet). */
  skipped?: string;
  quick: boolean;
  date: string;
  command: string;
  seconds: number;
}

const met = (row: Row) => (row.target === undefined ? '' : row.met === true ? 'yes' : row.met === false ? 'NO' : 'n/a');

function textTable(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (c ?? '').padEnd(widths[i])).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

function markdownTable(header: string[], rows: string[][]): string {
  const escape = (cell: string) => cell.replace(/\|/g, '\\|').replace(/\n/g, ' ');
  return [`| ${header.join(' | ')} |`, `|${header.map(() => '---').join('|')}|`, ...rows.map((r) => `| ${r.map(escape).join(' | ')} |`)].join('\n');
}

const ROW_HEADER = ['figure', 'value', 'target', 'met?'];
const rowCells = (row: Row) => [row.figure, row.value, row.target ?? '', met(row)];

export function printReport(report: ScenarioReport): void {
  const out: string[] = ['', `=== ${report.name}: ${report.title}${report.quick ? ' (BENCH_QUICK smoke run: not the targets)' : ''} ===`, report.description];
  if (report.skipped) out.push(`SKIPPED: ${report.skipped}`);
  if (report.error) out.push(`ERROR: ${report.error}`);
  if (report.rows.length) out.push('', textTable(ROW_HEADER, report.rows.map(rowCells)));
  for (const table of report.tables) out.push('', `${table.title}:`, textTable(table.header, table.rows));
  for (const note of report.notes) out.push(`- ${note}`);
  out.push(`(${report.seconds.toFixed(0)} s)`);
  console.log(out.join('\n'));
}

const QUICK_MARK = '**BENCH_QUICK smoke run: small numbers, these figures do not answer the targets.**';

function section(report: ScenarioReport): string {
  const out: string[] = [`<!-- bench:${report.name} -->`, `## ${report.name}: ${report.title}`, ''];
  out.push(`Run ${report.date} with \`${report.command}\`, ${report.seconds.toFixed(0)} s.${report.quick ? ` ${QUICK_MARK}` : ''}`, '');
  out.push(report.description, '');
  if (report.skipped) out.push(`**Not run:** ${report.skipped}`, '');
  if (report.error) out.push(`**Error:** ${report.error.split('\n')[0]}`, '');
  if (report.rows.length) out.push(markdownTable(ROW_HEADER, report.rows.map(rowCells)), '');
  for (const table of report.tables) out.push(`${table.title}:`, '', markdownTable(table.header, table.rows), '');
  for (const note of report.notes) out.push(`- ${note}`);
  if (report.notes.length) out.push('');
  return `${out.join('\n').trimEnd()}\n<!-- /bench:${report.name} -->`;
}

interface StoredSection {
  text: string;
  quick: boolean;
  /** The rows of the section's first table that have a target. */
  targets: Row[];
}

function parseTargets(text: string): Row[] {
  const rows: Row[] = [];
  const lines = text.split('\n');
  const start = lines.findIndex((line) => line.startsWith(`| ${ROW_HEADER.join(' | ')} |`));
  if (start < 0) return rows;
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    const [figure, value, target, judged] = line
      .slice(1, -1)
      .split(/(?<!\\)\|/)
      .map((cell) => cell.trim().replace(/\\\|/g, '|'));
    if (target) rows.push({ figure, value, target, met: judged === 'yes' ? true : judged === 'NO' ? false : null });
  }
  return rows;
}

function stored(text: string): StoredSection {
  return { text, quick: text.includes(QUICK_MARK), targets: parseTargets(text) };
}

/** Sections of an earlier RESULTS.md, so running one scenario (BENCH_ONLY) keeps the others' figures. */
function readSections(file: string): Map<ScenarioName, StoredSection> {
  const sections = new Map<ScenarioName, StoredSection>();
  if (!existsSync(file)) return sections;
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/<!-- bench:([a-z0-9-]+) -->\n[\s\S]*?<!-- \/bench:\1 -->/g)) {
    if ((SCENARIOS as readonly string[]).includes(match[1])) sections.set(match[1] as ScenarioName, stored(match[0]));
  }
  return sections;
}

/** Hand-written text after the last section (before/after comparisons), kept as it is. */
function readTail(file: string): string {
  if (!existsSync(file)) return '';
  const text = readFileSync(file, 'utf8');
  const last = [...text.matchAll(/<!-- \/bench:[a-z0-9-]+ -->/g)].pop();
  return last ? text.slice(last.index + last[0].length).trim() : '';
}

/** Writes RESULTS.md: a summary of every target, then one section per scenario (this run's replace earlier ones). */
export function writeResults(file: string, reports: ScenarioReport[], machine: string): void {
  const sections = readSections(file);
  const tail = readTail(file);
  for (const report of reports) sections.set(report.name, stored(section(report)));
  const names = SCENARIOS.filter((name) => sections.has(name));
  const summary = names.flatMap((name) => {
    const { quick, targets } = sections.get(name)!;
    return targets.map((row) => [`${name}${quick ? ' (quick)' : ''}`, ...rowCells(row)]);
  });
  const doc = [
    '# Benchmarks (`npm run bench`)',
    '',
    "Issue 8's targets, measured with the real server (`sightline serve` on 127.0.0.1 with its own data folder), the real",
    'scheduler and the real ICMP lane against distinct loopback addresses in 127.0.0.0/8 (nothing leaves the machine), plus',
    "the earlier no-op-executor figures as a baseline; issue 19's multi-step targets (multistep-flow, -mixed, -faults, -first-run)",
    "with real scripts against a local HTTP server; issue 34's TCP and DNS monitors (tcp-10k, dns-10k) against local listeners and a",
    'local DNS server in their own process. Each section says when and how it was run; `BENCH_ONLY=name npm run bench`',
    'replaces only that section. Sections marked quick are smoke runs with small numbers and do not answer the targets.',
    '',
    '## Targets',
    '',
    summary.length ? markdownTable(['scenario', ...ROW_HEADER], summary) : '(none yet)',
    '',
    '## Machine (of the latest run)',
    '',
    machine,
    '',
    ...names.map((name) => `${sections.get(name)!.text}\n`),
    ...(tail ? [`${tail}\n`] : []),
  ].join('\n');
  writeFileSync(file, doc);
}
