// Check dependencies: validation of `dependsOn` lists and their upkeep when a check goes.
export { assertCheckDependencies, assertGroupDependencies } from './validate';
export { forgetDependenciesOn } from './forget';
