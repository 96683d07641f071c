import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, transform } from 'esbuild';
import { DEFAULT_SCRIPT_PATH, normalizeWorkspacePath } from '../../../src-shared/rules/workspace-paths';
import type { MultiStepCheckInput } from '../types';
import type { RunFile } from './protocol';

/**
 * A runtime source file: beside this module when the server runs from its sources, or found from the
 * project root when it runs bundled (out/serve/server.mjs, bin/server-bundle.mjs).
 */
function entry(name: string): string {
  const here = fileURLToPath(new URL('.', import.meta.url));
  const own = join(here, `${name}.ts`);
  if (existsSync(own)) return own;
  for (let dir = here; dirname(dir) !== dir; dir = dirname(dir)) {
    const candidate = join(dir, 'src-main', 'runner', 'warm', `${name}.ts`);
    if (existsSync(candidate)) return candidate;
  }
  return own;
}

/** The runtime's own code, bundled once per server process into two CommonJS files written into each runtime's folder. */
let bundled: Promise<{ main: string; thread: string }> | null = null;

export function runtimeBundle(): Promise<{ main: string; thread: string }> {
  bundled ??= (async () => {
    const one = async (name: string) => {
      const out = await build({ entryPoints: [entry(name)], bundle: true, platform: 'node', format: 'cjs', target: 'node20', write: false, external: ['@playwright/test'], logLevel: 'silent' });
      return out.outputFiles[0]?.text ?? '';
    };
    const [main, thread] = await Promise.all([one('runtime-main'), one('runtime-thread')]);
    return { main, thread };
  })();
  return bundled;
}

const LOADERS: Record<string, 'ts' | 'tsx' | 'js' | 'jsx'> = { ts: 'ts', mts: 'ts', cts: 'ts', tsx: 'tsx', js: 'js', mjs: 'js', cjs: 'js', jsx: 'jsx' };
const MAX_CACHED = 1000;
const transpiled = new Map<string, Promise<RunFile | { failure: string }>>();

/** One file transpiled to CommonJS with its source map, cached by its content: a script version is transpiled once. */
function transpile(path: string, source: string): Promise<RunFile | { failure: string }> {
  const key = createHash('sha256').update(path).update('\0').update(source).digest('base64');
  let cached = transpiled.get(key);
  if (!cached) {
    const loader = LOADERS[path.split('.').pop() ?? ''];
    cached = loader
      ? transform(source, { loader, format: 'cjs', target: 'node20', sourcemap: 'external', sourcefile: path }).then(
          (out) => ({ path, code: out.code, map: out.map || null, source }),
          (error: { errors?: { text: string; location?: { line: number; column: number } | null }[] }) => {
            const first = error.errors?.[0];
            return { failure: first ? `${first.text}${first.location ? ` (${path}:${first.location.line}:${first.location.column + 1})` : ''}` : String(error) };
          },
        )
      : Promise.resolve({ path, code: source, map: null, source });
    if (transpiled.size >= MAX_CACHED) transpiled.delete(transpiled.keys().next().value as string);
    transpiled.set(key, cached);
  }
  return cached;
}

export type PreparedRun = { entry: string; files: RunFile[] } | { unsupported: string } | { syntaxError: string };

/** The check's script and its dependency files, ready for the warm runtime; or why they cannot go there. */
export async function prepareFiles(check: MultiStepCheckInput): Promise<PreparedRun> {
  const entry = normalizeWorkspacePath(check.scriptPath ?? DEFAULT_SCRIPT_PATH);
  const sources = [{ path: entry, content: check.script }, ...(check.dependencies ?? []).map((d) => ({ path: normalizeWorkspacePath(d.path), content: d.content }))];
  for (const { path, content } of sources) {
    if (/\bimport\s*\(/.test(content)) return { unsupported: `dynamic import() in ${path}` };
  }
  const files: RunFile[] = [];
  for (const { path, content } of sources) {
    const file = await transpile(path, content);
    if ('failure' in file) {
      if (/top-level await/i.test(file.failure)) return { unsupported: `top-level await in ${path}` };
      return { syntaxError: file.failure };
    }
    files.push(file);
  }
  return { entry, files };
}

/** Static imports at the top of an API script, moved out of the function its body becomes. */
const STATIC_IMPORT = /^[ \t]*import\s(?:[^'"`;]*?\sfrom\s*)?['"][^'"\n]+['"][ \t]*;?/gm;

/**
 * An API check's setup or teardown script, ready for the warm runtime: its body (top-level await
 * and all, as the public docs write them) becomes one async function the entry registers, on the
 * same lines as written so errors point at the script's own lines; its static imports follow it.
 */
export async function prepareApiScript(script: { script: string; scriptPath?: string | null; dependencies?: { path: string; content: string }[] | null }, phase: 'setup' | 'teardown'): Promise<PreparedRun> {
  const imports: string[] = [];
  const body = script.script.replace(STATIC_IMPORT, (statement) => {
    imports.push(statement.replace(/\n/g, ' '));
    return '\n'.repeat((statement.match(/\n/g) ?? []).length);
  });
  const wrapped = `__sightlineApiScript(async function ${phase}Script() {${body}\n});\n${imports.join('\n')}\n`;
  return prepareFiles({ script: wrapped, scriptPath: script.scriptPath || `${phase}-script.ts`, dependencies: script.dependencies ?? [] } as MultiStepCheckInput);
}
