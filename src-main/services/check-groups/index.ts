// The check groups' public face: transports import from here only.
export { createCheckGroup } from './create';
export { deleteCheckGroupById } from './delete';
export { getCheckGroup } from './get';
export { listCheckGroupPage } from './list';
export { listChecksOfGroup } from './list-checks';
export { updateCheckGroup } from './update';
