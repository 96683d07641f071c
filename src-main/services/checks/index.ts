// The checks' public face: transports import from here only.
export { batchCheckAnalytics, checkAnalytics } from './analytics';
export { BulkCheckAction, bulkCheckAction, subscribeAllChecks } from './bulk';
export { type CheckCreateOf, type CheckPatch, type CheckUpdateOf, type RunnableCheckCreate } from './check-types';
export { createAnyCheck, createCheck, type CreateOptions } from './create';
export { deleteCheckById } from './delete';
export { listErrorGroupsOfCheck } from './error-groups';
export { getCheck } from './get';
export { listChecksOfGroup } from './group-members';
export { listCheckPage } from './list';
export { monitorState, StreakCache } from './monitor-state';
export { monitorStats } from './monitor-stats';
export { monitorOverview, MonitorOverviewQuery, monitorTags } from './overview';
export type { CheckView } from './read-shape';
export { toV2CheckView, toV3CheckView, type VersionedCheckView } from './read-versions';
export { updateAnyCheck, updateCheckOfType } from './update';
export { errorSummary } from './error-summary';
export { checksStampOf, checksWrittenSince, deleteCheckBatch, writtenAtOf, isUnchanged, prepareCheckWrite, settleStagedChecks, StagedChecks, storedChecks, storedColumnsOf, writeCheckBatch, type PreparedCheckWrite } from './deploy-batch';
export { sequentialCheckIds } from './sequential-ids';
