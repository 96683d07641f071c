// Projects and `checkly import` plans: transports import from here only.
export { createProject, getProject, listProjects } from './projects';
export { applyImportPlan, cancelImportPlan, commitImportPlan, createImportPlan, listImportPlans, listProjectImportPlans } from './plans';
export { listProjectBindings } from './bindings';
