import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, normalize, sep } from 'node:path';
import type { MultiStepCheckInput } from './types';

export const DEFAULT_SCRIPT_PATH = 'check.spec.ts';

export interface Workspace {
  root: string;
  /** testDir: the script, its dependencies and a node_modules link; nothing of ours. */
  workDir: string;
  configFile: string;
  reportFile: string;
  scriptFile: string;
}

/** Why a dependency or script path is refused, or null: it must stay inside the work dir. */
export function unsafePathReason(path: string): string | null {
  if (path.trim() === '') return 'is empty';
  if (isAbsolute(path) || /^[a-zA-Z]:[\\/]/.test(path) || path.startsWith('\\')) return `"${path}" is absolute`;
  const parts = normalize(path).split(/[\\/]/);
  if (parts.includes('..')) return `"${path}" leaves the check's directory`;
  if (parts[0] === 'node_modules') return `"${path}" is inside node_modules, which Sightline provides`;
  if (path.includes('\0')) return `"${path}" contains a NUL character`;
  return null;
}

/** The node_modules holding @playwright/test, linked into the work dir so the script's imports resolve. */
export function installedNodeModules(): string {
  const pkg = createRequire(import.meta.url).resolve('@playwright/test/package.json');
  return dirname(dirname(dirname(pkg)));
}

export function playwrightCliPath(): string {
  return join(installedNodeModules(), '@playwright', 'test', 'cli.js');
}

function configSource(workDir: string, scriptFile: string, timeoutMs: number): string {
  const pattern = `^${scriptFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`;
  const config = { testDir: workDir, outputDir: join(workDir, '..', 'output'), timeout: timeoutMs, workers: 1, retries: 0, use: {} };
  return `module.exports = { ...${JSON.stringify(config)}, testMatch: new RegExp(${JSON.stringify(pattern)}) };\n`;
}

/** Writes the script, its dependencies and a generated config into a fresh temp dir. */
export async function createWorkspace(check: MultiStepCheckInput, timeoutMs: number, tempRoot?: string): Promise<Workspace | { error: string }> {
  const scriptPath = check.scriptPath ? check.scriptPath : DEFAULT_SCRIPT_PATH;
  const scriptProblem = unsafePathReason(scriptPath);
  if (scriptProblem) return { error: `scriptPath ${scriptProblem}` };
  for (const dependency of check.dependencies ?? []) {
    const problem = unsafePathReason(dependency.path);
    if (problem) return { error: `dependency path ${problem}` };
  }
  const root = await mkdtemp(join(tempRoot ?? tmpdir(), 'sightline-multistep-'));
  const workDir = join(root, 'work');
  const write = async (relative: string, content: string) => {
    const file = join(workDir, normalize(relative));
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
    await writeFile(configFile, configSource(workDir, scriptFile, timeoutMs));
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
