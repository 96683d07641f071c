// The console's view of monitoring as code (projects, bindings, deployments): transports and other services import from here only.
export { listProjects, type ProjectSummary } from './list';
export { projectDetail, LISTED_DEPLOYMENTS, type ProjectDetail, type ProjectResource } from './detail';
export { codeOwnerOf, codeOwnersOf } from './owners';
export type { CodeOwner, DeploymentView } from './views';
