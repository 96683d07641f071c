/** The JSON path language lives in src-shared (the API check's schema refuses a path that does not parse); the runner reads with it. */
export { isValidJsonPath, readJsonPath } from '../../src-shared/rules/json-path';
