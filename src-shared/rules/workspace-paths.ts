/**
 * Where a multi-step check's files may go: its script (scriptPath) and dependencies are written
 * into a fresh folder, beside a node_modules link that Sightline provides. Checked when a check is
 * saved (the shared schema) and again before a run (stored checks older than the rule).
 */

/** The script's file name when the check names no scriptPath. */
export const DEFAULT_SCRIPT_PATH = 'check.spec.ts';

function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x1f || code === 0x7f) return true;
  }
  return false;
}

/** The path's segments: "\" separates as "/" does (Windows), empty and "." segments drop out. */
function segmentsOf(path: string): string[] {
  return path.split(/[\\/]/).filter((segment) => segment !== '' && segment !== '.');
}

/** Why one path cannot name a file inside the check's folder, or null. */
export function workspacePathProblem(path: string): string | null {
  if (hasControlCharacter(path)) return 'must not contain NUL or other control characters';
  if (/^[a-zA-Z]:/.test(path) || path.startsWith('/') || path.startsWith('\\')) return 'must be relative to the check\'s folder, not absolute';
  const segments = segmentsOf(path);
  if (segments.length === 0 || path.trim() === '') return 'must name a file inside the check\'s folder (not empty, "." or only slashes)';
  if (segments.includes('..')) return 'must not contain a ".." segment';
  if (segments.some((segment) => segment.toLowerCase() === 'node_modules')) return 'must not be inside node_modules, which Sightline provides';
  return null;
}

/** `./lib//a.ts` and `lib\a.ts` both become `lib/a.ts`. Only meaningful for a path without a problem. */
export function normalizeWorkspacePath(path: string): string {
  return segmentsOf(path).join('/');
}

export interface WorkspacePathIssue {
  /** 'scriptPath', or the index of the dependency. */
  entry: 'scriptPath' | number;
  path: string;
  message: string;
}

function label(entry: 'scriptPath' | number): string {
  return entry === 'scriptPath' ? 'scriptPath' : `dependencies[${entry}].path`;
}

/**
 * Every problem of the files a check would write: each path on its own, then duplicates (after
 * normalisation, ignoring case as macOS and Windows do) and a file where another entry needs a
 * folder. A later entry is blamed for a clash with an earlier one; the script comes first.
 */
export function workspacePathIssues(scriptPath: string | null | undefined, dependencies: ReadonlyArray<{ path: string }> | null | undefined): WorkspacePathIssue[] {
  const issues: WorkspacePathIssue[] = [];
  const files = new Map<string, 'scriptPath' | number>();
  const folders = new Map<string, 'scriptPath' | number>();
  const entries: Array<{ entry: 'scriptPath' | number; path: string }> = [
    { entry: 'scriptPath', path: scriptPath || DEFAULT_SCRIPT_PATH },
    ...(dependencies ?? []).map((dependency, index) => ({ entry: index, path: dependency.path })),
  ];
  for (const { entry, path } of entries) {
    if (typeof path !== 'string') continue;
    const problem = workspacePathProblem(path);
    if (problem) {
      issues.push({ entry, path, message: problem });
      continue;
    }
    const segments = normalizeWorkspacePath(path).split('/');
    const key = segments.join('/').toLowerCase();
    const parents = segments.slice(0, -1).map((_, i) => segments.slice(0, i + 1).join('/'));
    const clash = clashOf(key, parents, files, folders, scriptPath);
    if (clash) {
      issues.push({ entry, path, message: clash });
      continue;
    }
    files.set(key, entry);
    for (const parent of parents) if (!folders.has(parent.toLowerCase())) folders.set(parent.toLowerCase(), entry);
  }
  return issues;
}

function clashOf(
  key: string,
  parents: string[],
  files: Map<string, 'scriptPath' | number>,
  folders: Map<string, 'scriptPath' | number>,
  scriptPath: string | null | undefined,
): string | null {
  const sameFile = files.get(key);
  if (sameFile === 'scriptPath') {
    return scriptPath ? 'is the same file as scriptPath' : `is the check's script file ("${DEFAULT_SCRIPT_PATH}" when scriptPath is not set)`;
  }
  if (sameFile !== undefined) return `is the same file as ${label(sameFile)}`;
  const folderOf = folders.get(key);
  if (folderOf !== undefined) return `is a folder of ${label(folderOf)}, so it cannot also be a file`;
  for (const parent of parents) {
    const file = files.get(parent.toLowerCase());
    if (file !== undefined) return `needs a folder "${parent}", which ${label(file)} already names as a file`;
  }
  return null;
}

/** One problem as a line for a run's error: `dependency path "../x" must not contain a ".." segment`. */
export function describeWorkspacePathIssue(issue: WorkspacePathIssue): string {
  const what = issue.entry === 'scriptPath' ? 'scriptPath' : 'dependency path';
  return `${what} ${JSON.stringify(issue.path)} ${issue.message}`;
}
