/** The layering of DESIGN.md, checked in `npm test`. */

/**
 * src-main's top folders, bottom to top (src-shared sits below them all; the composition root,
 * the .ts files at the top of src-main, above them all). A folder may import folders below it
 * only: an import sideways or upward would close a folder-level cycle, which no-circular (it
 * sees files) cannot see. Print the folder graph with
 * `npx depcruise src-main --config .dependency-cruiser.cjs --collapse "^src-main/[^/]+" --output-type text`.
 */
const FOLDER_ORDER = [['core'], ['db', 'runner', 'notify'], ['services', 'agent'], ['scheduler', 'http'], ['preload'], ['electron']];

function folderOrderRules() {
  return FOLDER_ORDER.flatMap((rank, level) =>
    rank
      .map((folder) => ({ folder, others: FOLDER_ORDER.slice(level).flat().filter((other) => other !== folder) }))
      .filter(({ others }) => others.length > 0)
      .map(({ folder, others }) => ({
        name: `folder-order-${folder}`,
        comment: `${folder}/ sits below or beside ${others.join(', ')} in FOLDER_ORDER: importing them would close a folder-level cycle.`,
        severity: 'error',
        from: { path: `^src-main/${folder}/` },
        to: { path: `^src-main/(${others.join('|')})/` },
      })),
  );
}

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
      to: { path: ['^src-main/db', '^node_modules/(better-sqlite3|drizzle-orm|pg)/'] },
    },
    {
      name: 'services-do-not-know-transports',
      comment: 'REST and tRPC adapt the services, never the other way: a service callable from both cannot depend on either.',
      severity: 'error',
      from: { path: '^src-main/(services|db|runner|notify|scheduler)' },
      to: { path: ['^src-main/http', '^node_modules/(fastify|@trpc)'] },
    },
    {
      name: 'runner-and-notify-have-no-database',
      comment: 'runner/ and notify/ take plain data and return results (rule 2).',
      severity: 'error',
      from: { path: ['^src-main/runner', '^src-main/notify'] },
      to: { path: ['^src-main/db', '^src-main/services', '^node_modules/(better-sqlite3|drizzle-orm|pg)/'] },
    },
    {
      name: 'agent-knows-no-server-side',
      comment: 'agent/ runs jobs (embedded or remote): it never reaches the services, the scheduler or the database.',
      severity: 'error',
      from: { path: '^src-main/agent' },
      to: { path: ['^src-main/(services|scheduler|db|http)'] },
    },
    {
      name: 'services-know-no-agent-or-scheduler',
      comment: 'Services reach the running parts only through the runtime in their context (services/runtime.ts).',
      severity: 'error',
      from: { path: '^src-main/services' },
      to: { path: ['^src-main/(agent|scheduler)'] },
    },
    {
      name: 'runner-is-the-bottom',
      comment: 'runner/ (executors and the job types) imports nothing above it.',
      severity: 'error',
      from: { path: '^src-main/runner' },
      to: { path: ['^src-main/(agent|scheduler|services|http|core)'] },
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
      comment: 'The console needs only the router\'s type; a value import would bundle the backend into it.',
      severity: 'error',
      from: { path: '^src-renderer' },
      to: { path: '^src-main/http/trpc/router\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'renderer-has-no-node',
      comment: 'The console runs in a browser (and the sandboxed Electron renderer): node built-ins are not there.',
      severity: 'error',
      from: { path: '^src-renderer' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'core-imports-only-shared',
      comment: 'core/ (config, clock, logger, errors, events, keyring) is imported by every layer, so it imports none of them: only src-shared and packages.',
      severity: 'error',
      from: { path: '^src-main/core/' },
      to: { path: ['^src-main/', '^src-renderer/'], pathNot: '^src-main/core/' },
    },
    {
      name: 'http-imports-only-services-core-shared',
      comment: 'http/ is a thin adapter: a route parses, calls one service verb and maps errors. Whatever it shows (even a provider\'s list) comes through services/.',
      severity: 'error',
      from: { path: '^src-main/http/' },
      to: { path: ['^src-main/', '^src-renderer/'], pathNot: '^src-main/(http|services|core)/' },
    },
    {
      name: 'composition-root-is-the-top',
      comment: 'boot.ts, close-backend.ts and the entries wire every layer: a folder importing them closes a cycle through all. Only the desktop shell (electron/) starts the backend it hosts.',
      severity: 'error',
      from: { path: '^src-main/[^/]+/', pathNot: '^src-main/electron/' },
      to: { path: '^src-main/[^/]+\\.ts$' },
    },
    ...folderOrderRules(),
    {
      name: 'services-entity-through-index',
      comment:
        "An entity folder of services/ is reached from outside it only through its index.ts, its public face: what that file does not export can change without touching another folder.",
      severity: 'error',
      from: { path: '^src-main/', pathNot: '^src-main/services/(?!engines/)[^/]+/' },
      to: { path: '^src-main/services/(?!engines/)[^/]+/(?!index\\.ts$)' },
    },
    {
      name: 'services-entity-to-entity-through-index',
      comment: 'The same rule between entity folders: one entity uses another through its index.ts only.',
      severity: 'error',
      from: { path: '^src-main/services/(?!engines/)([^/]+)/' },
      to: { path: '^src-main/services/(?!engines/)[^/]+/(?!index\\.ts$)', pathNot: '^src-main/services/$1/' },
    },
    {
      name: 'verbs-do-not-import-engines',
      comment:
        'services/engines/ holds what runs in the background, started and stopped by the composition root; it uses the entities\' verbs, never the reverse, so a request never starts or waits on a loop. A verb reaches a running engine only through what the engine registered in the runtime (status-pages/subscriber-mail-kick.ts).',
      severity: 'error',
      from: { path: '^src-main/services/(?!engines/)' },
      to: { path: '^src-main/services/engines/' },
    },
    {
      name: 'no-circular',
      comment: 'A file cycle makes load order matter and a module half-initialised when imported.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import no file answers would hide a layer edge from every other rule.',
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
