// Monitoring as code's public face: transports import from here only.
export { deployProject, type DryRunResult, type ProjectSummary } from './deploy';
export { destroyProject } from './destroy';
export { cancelDeployment, deploymentView, type DeploymentView } from './deployment-view';
