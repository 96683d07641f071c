import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const require = createRequire(import.meta.url);
const CONFIG = join(root, 'electron-builder.config.cjs');

/** The configuration as electron-builder reads it, with the environment of a release or a test build. */
function loadConfig(testBuild: boolean): Record<string, unknown> {
  const saved = process.env.SIGHTLINE_TEST_BUILD;
  delete require.cache[require.resolve(CONFIG)];
  if (testBuild) process.env.SIGHTLINE_TEST_BUILD = '1';
  else delete process.env.SIGHTLINE_TEST_BUILD;
  try {
    return require(CONFIG) as Record<string, unknown>;
  } finally {
    if (saved === undefined) delete process.env.SIGHTLINE_TEST_BUILD;
    else process.env.SIGHTLINE_TEST_BUILD = saved;
  }
}

describe('desktop app packaging: the electron-builder configuration', () => {
  it('is valid against electron-builder\'s own schema (app-builder-lib/scheme.json), release and test build alike', () => {
    const schema = JSON.parse(readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8')) as Record<string, unknown>;
    const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);
    for (const testBuild of [false, true]) {
      const valid = validate(loadConfig(testBuild));
      expect(validate.errors ?? [], JSON.stringify(validate.errors)).toEqual([]);
      expect(valid).toBe(true);
    }
  });

  it('builds AppImage and deb, dmg, NSIS', () => {
    const config = loadConfig(false) as { linux: { target: string[] }; mac: { target: string[] }; win: { target: string[] } };
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toEqual(['dmg']);
    expect(config.win.target).toEqual(['nsis']);
  });

  it('fuses: RunAsNode off, cookie encryption on, ASAR integrity and only-load-from-ASAR on; the inspector only in test builds', () => {
    const release = loadConfig(false).electronFuses;
    expect(release).toMatchObject({ runAsNode: false, enableCookieEncryption: true, enableEmbeddedAsarIntegrityValidation: true, onlyLoadAppFromAsar: true, enableNodeCliInspectArguments: false, enableNodeOptionsEnvironmentVariable: false });
    expect(loadConfig(true).electronFuses).toEqual({ ...(release as object), enableNodeCliInspectArguments: true });
  });

  it('every file and folder it names exists once the app is built (sources, icons, migrations, the dist script)', () => {
    const config = loadConfig(false) as { files: string[]; directories: { buildResources: string }; linux: { icon: string }; mac: { icon: string }; win: { icon: string } };
    // out/ is made by `electron-vite build`, the first step of `npm run dist`: its sources must exist.
    const builtFrom: Record<string, string> = { 'out/main/**': 'src-main/index.ts', 'out/preload/**': 'src-main/preload/index.ts', 'out/renderer/**': 'src-renderer/index.html' };
    for (const pattern of config.files) {
      const path = builtFrom[pattern] ?? pattern.replace(/\/\*\*$/, '');
      expect(existsSync(join(root, path)), pattern).toBe(true);
    }
    for (const icon of [config.linux.icon, config.mac.icon, config.win.icon, 'resources/tray/tray-passing.png', 'resources/tray/tray-degraded.png', 'resources/tray/tray-failing.png']) {
      expect(existsSync(join(root, icon)), icon).toBe(true);
    }
    expect(existsSync(join(root, config.directories.buildResources))).toBe(true);
    const scripts = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.dist).toBe('node src-main/electron/dist.mjs');
    const dist = readFileSync(join(root, 'src-main/electron/dist.mjs'), 'utf8');
    expect(dist).toContain("'install-app-deps'");
    expect(dist).toContain("'electron-builder.config.cjs'");
  });

  it('the app icon is a PNG of at least 512×512 (macOS needs 512)', () => {
    const png = readFileSync(join(root, 'build', 'icon.png'));
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(png.readUInt32BE(16)).toBeGreaterThanOrEqual(512);
    expect(png.readUInt32BE(20)).toBeGreaterThanOrEqual(512);
  });
});
