/** The layering of DESIGN.md, checked in `npm test`. */
module.exports = {
  forbidden: [
    {
      name: 'shared-is-pure',
      comment: 'src-shared imports nothing of ours, nothing from node:*, electron, react or the DOM.',
      severity: 'error',
      from: { path: '^src-shared' },
      to: { pathNot: ['^src-shared', '^node_modules/zod'] },
    },
    {
      name: 'only-shell-imports-electron',
      comment: 'Only src-main/electron and src-main/preload import electron, so the backend boots under plain Node.',
      severity: 'error',
      from: { pathNot: ['^src-main/electron', '^src-main/preload'] },
      to: { path: '^node_modules/electron/' },
    },
    {
      name: 'sql-only-in-db',
      comment: 'REST routes, tRPC procedures and the scheduler call services only (rule 1).',
      severity: 'error',
      from: { path: ['^src-main/http', '^src-main/scheduler', '^src-main/agent', '^src-main/electron', '^src-main/preload'] },
      to: { path: ['^src-main/db', '^node_modules/(better-sqlite3|drizzle-orm)'] },
    },
    {
      name: 'services-do-not-know-transports',
      severity: 'error',
      from: { path: '^src-main/(services|db|runner|notify|scheduler)' },
      to: { path: ['^src-main/http', '^node_modules/(fastify|@trpc)'] },
    },
    {
      name: 'runner-and-notify-have-no-database',
      comment: 'runner/ and notify/ take plain data and return results (rule 2).',
      severity: 'error',
      from: { path: ['^src-main/runner', '^src-main/notify'] },
      to: { path: ['^src-main/db', '^src-main/services', '^node_modules/(better-sqlite3|drizzle-orm)'] },
    },
    {
      name: 'renderer-reaches-backend-only-through-trpc-types',
      comment: "The renderer's one import from src-main is `import type { AppRouter }` (rule 4).",
      severity: 'error',
      from: { path: '^src-renderer' },
      to: { path: '^src-main', pathNot: '^src-main/http/trpc/router\\.ts$' },
    },
    {
      name: 'renderer-router-import-is-type-only',
      severity: 'error',
      from: { path: '^src-renderer' },
      to: { path: '^src-main/http/trpc/router\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'renderer-has-no-node',
      severity: 'error',
      from: { path: '^src-renderer' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: ['\\.test\\.ts$', '\\.d\\.ts$'] },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'], extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'] },
  },
};
