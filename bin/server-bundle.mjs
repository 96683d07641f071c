// The server's TypeScript sources bundled once into out/serve/server.mjs with esbuild, rebuilt when
// a source changes. Node then loads one file instead of resolving and transforming ~500 modules one
// at a time through tsx's loader thread: `sightline serve` is ready in about 1.2 s instead of 2.9 s,
// which every test, benchmark and restart pays.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT_DIR = join(ROOT, 'out', 'serve');
const BUNDLE = join(OUT_DIR, 'server.mjs');
const STAMP = join(OUT_DIR, 'server.stamp');
/** What the bundle is made of: every file under these folders, and the files that decide how it is built. */
const SOURCE_DIRS = ['src-main', 'src-shared'];
const SOURCE_FILES = ['package-lock.json', 'tsconfig.json', 'bin/server-bundle.mjs'];

function listFiles(dir, into) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) listFiles(path, into);
    else into.push(path);
  }
  return into;
}

/** A stamp of every source's path, size and modification time: any edit, addition or removal changes it. */
function sourceStamp() {
  const hash = createHash('sha256');
  const files = SOURCE_DIRS.flatMap((dir) => listFiles(join(ROOT, dir), [])).concat(SOURCE_FILES.map((file) => join(ROOT, file)));
  for (const file of files.sort()) {
    const stat = existsSync(file) ? statSync(file) : null;
    hash.update(`${relative(ROOT, file)}\0${stat?.size ?? -1}\0${stat?.mtimeMs ?? -1}\n`);
  }
  return hash.digest('hex');
}

/**
 * The path of an up-to-date bundle of src-main/server.ts, building it first when a source changed,
 * or null when it cannot be built (esbuild missing or a source that does not compile): the caller
 * then runs the sources through tsx, which reports the error as before.
 */
export async function serverBundle() {
  if (process.env.SIGHTLINE_NO_BUNDLE === '1') return null;
  const stamp = sourceStamp();
  if (existsSync(BUNDLE) && existsSync(STAMP) && readFileSync(STAMP, 'utf8') === stamp) return BUNDLE;
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    return null;
  }
  try {
    const result = await esbuild.build({
      entryPoints: [join(ROOT, 'src-main', 'server.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      // Packages stay where npm put them: only our own sources are bundled.
      packages: 'external',
      sourcemap: 'linked',
      sourcesContent: false,
      write: false,
      outfile: BUNDLE,
      logLevel: 'silent',
      // Some dependencies' CommonJS reaches for require inside the ESM bundle.
      banner: { js: "import { createRequire as __sightlineCreateRequire } from 'node:module';\nconst require = __sightlineCreateRequire(import.meta.url);" },
    });
    mkdirSync(OUT_DIR, { recursive: true });
    // Written beside, then renamed: processes starting together never load a half-written bundle.
    const suffix = `.${process.pid}.tmp`;
    for (const file of result.outputFiles) {
      writeFileSync(file.path + suffix, file.contents);
      renameSync(file.path + suffix, file.path);
    }
    writeFileSync(STAMP + suffix, stamp);
    renameSync(STAMP + suffix, STAMP);
    return BUNDLE;
  } catch {
    return null;
  }
}
