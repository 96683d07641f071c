import { afterAll } from 'vitest';

// A worker runs several files one after another (isolate: false in vitest.config.ts): what a file
// sets in process.env (a test hook's variable, even at its top level) ends with the file.
const saved = { ...process.env };
afterAll(() => {
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  Object.assign(process.env, saved);
});
