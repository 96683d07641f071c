import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import postcssPresetMantine from 'postcss-preset-mantine';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

const repoRoot = fileURLToPath(new URL('.', import.meta.url));

/** Mantine's useId, swapped for src-renderer/lib/mantine-use-id.ts (why: there). */
const mantineReactId: Plugin = {
  name: 'sightline:mantine-react-id',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === './use-id/use-id.mjs' && importer?.replaceAll('\\', '/').includes('/@mantine/hooks/')) return fileURLToPath(new URL('./src-renderer/lib/mantine-use-id.ts', import.meta.url));
    return null;
  },
};

export const rendererConfig: UserConfig = {
  root: fileURLToPath(new URL('./src-renderer', import.meta.url)),
  // Relative asset URLs so Electron can load the build from file:// and the server from any mount path.
  base: './',
  plugins: [mantineReactId, react()],
  css: {
    postcss: {
      plugins: [postcssPresetMantine()],
    },
  },
  build: {
    outDir: `${repoRoot}out/renderer`,
    emptyOutDir: true,
    // Loaded from disk or the local server, never over a slow link: one bundle is fine.
    chunkSizeWarningLimit: 4000,
  },
};

export default defineConfig(rendererConfig);
