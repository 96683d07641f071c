#!/usr/bin/env node
// Runs the TypeScript sources under plain Node, so the CLI works right after `npm ci`: bundled once
// by esbuild (bin/server-bundle.mjs, rebuilt when a source changes), or through tsx when that
// cannot be built (or SIGHTLINE_NO_BUNDLE=1), which then reports the error in the sources.
import { pathToFileURL } from 'node:url';
import { serverBundle } from './server-bundle.mjs';

const bundle = await serverBundle();
if (bundle) {
  // Stack traces name the sources, as under tsx.
  process.setSourceMapsEnabled(true);
  await import(pathToFileURL(bundle).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src-main/server.ts');
}
