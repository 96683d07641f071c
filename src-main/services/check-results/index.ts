// The check results' public face: transports and other services import from here only.
export { getCheckResult, getCheckResultAssets } from './get';
export { listCheckResults, listCheckResultsV2 } from './list';
