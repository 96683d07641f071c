import { RUNTIME_IDS } from '../../../src-shared/enums';

/** The account's default runtimeId (the newest the public API names); see GET /v1/runtimes. */
export const CURRENT_RUNTIME_ID: string = RUNTIME_IDS[0];
