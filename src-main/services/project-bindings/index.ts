// Which project owns a resource: read by every entity's read shape, so it sits below projects/ (which deploys those entities).
export { NOT_CODE_MANAGED, projectMembersOf, projectMembersOfOne, type ProjectMembers } from './read';
