// Monitoring as code's public face: transports import from here only.
export { deployProject, type DryRunResult, type ProjectSummary } from './deploy';
export { refuseWhenDeployQueueFull } from './deploy-queue';
export { destroyProject, finishInterruptedDestroys } from './destroy';
export { cancelDeployment, deploymentView, type DeploymentView } from './deployment-view';
export { MAX_DEPLOY_CHECKS, MAX_DEPLOY_OTHER_RESOURCES, MAX_DEPLOY_RESOURCES } from './limits';
export { projectNamedIn, projectNamedInHead, recordRefusal, KEPT_REFUSALS, type ProjectNamed, type Refusal } from './refusals';
