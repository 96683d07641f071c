import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { DEFAULT_SCRIPT_PATH, describeWorkspacePathIssue, normalizeWorkspacePath, workspacePathIssues } from '../../src-shared/rules/workspace-paths';
import type { MultiStepCheckInput } from './types';

export { DEFAULT_SCRIPT_PATH };

export interface Workspace {
  root: string;
  /** testDir: the script, its dependencies and a node_modules link; nothing of ours. */
  workDir: string;
  configFile: string;
  reportFile: string;
  scriptFile: string;
}

/** The node_modules holding @playwright/test, linked into the work dir so the script's imports resolve. */
export function installedNodeModules(): string {
  const pkg = createRequire(import.meta.url).resolve('@playwright/test/package.json');
  return dirname(dirname(dirname(pkg)));
}

export function playwrightCliPath(): string {
  return join(installedNodeModules(), '@playwright', 'test', 'cli.js');
}

/**
 * The check's playwrightConfig (only members the schema lets through) over our own settings: its
 * timeout may be shorter than the run's limit, never longer (the limit is what stops the run).
 */
function configSource(workDir: string, scriptFile: string, timeoutMs: number, playwright: MultiStepCheckInput['playwrightConfig']): string {
  const pattern = `^${scriptFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
  const timeout = Math.min(timeoutMs, playwright?.timeout ?? timeoutMs);
  const config = {
    testDir: workDir,
    outputDir: join(workDir, '..', 'output'),
    timeout,
    workers: 1,
    retries: 0,
    use: { ...(playwright?.use ?? {}) },
    ...(playwright?.expect ? { expect: playwright.expect } : {}),
  };
  return `module.exports = { ...${JSON.stringify(config)}, testMatch: new RegExp(${JSON.stringify(pattern)}) };\n`;
}

/** Writes the script, its dependencies and a generated config into a fresh temp dir. */
export async function createWorkspace(check: MultiStepCheckInput, timeoutMs: number, tempRoot?: string): Promise<Workspace | { error: string }> {
  const scriptPath = check.scriptPath ? check.scriptPath : DEFAULT_SCRIPT_PATH;
  // Checks stored before the save-time rule may still hold such paths: a script error, not a crash.
  const [pathIssue] = workspacePathIssues(check.scriptPath, check.dependencies);
  if (pathIssue) return { error: describeWorkspacePathIssue(pathIssue) };
  const root = await mkdtemp(join(tempRoot ?? tmpdir(), 'sightline-multistep-'));
  const workDir = join(root, 'work');
  const write = async (relative: string, content: string) => {
    const file = join(workDir, normalizeWorkspacePath(relative));
    if (!file.startsWith(workDir + sep)) throw new Error(`refused path ${relative}`);
    await mkdir(dirname(file), { recursive: true });
    await writeFile(file, content, { mode: 0o600 });
    return file;
  };
  try {
    await mkdir(workDir, { mode: 0o700 });
    for (const dependency of check.dependencies ?? []) await write(dependency.path, dependency.content);
    const scriptFile = await write(scriptPath, check.script);
    await symlink(installedNodeModules(), join(workDir, 'node_modules'), 'junction');
    const configFile = join(root, 'sightline.config.cjs');
    await writeFile(configFile, configSource(workDir, scriptFile, timeoutMs, check.playwrightConfig));
    return { root, workDir, configFile, reportFile: join(root, 'report.json'), scriptFile };
  } catch (error) {
    await removeWorkspace(root);
    throw error;
  }
}

export async function removeWorkspace(root: string): Promise<void> {
  await rm(root, { recursive: true, force: true });
}

export function playwrightVersion(): string {
  const pkg = createRequire(import.meta.url)('@playwright/test/package.json') as { version?: string };
  return `@playwright/test ${pkg.version ?? 'unknown'}`;
}
