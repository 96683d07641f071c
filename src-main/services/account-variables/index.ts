// The account variables' public face: transports import from here only.
export { createAccountVariable } from './create';
export { deleteAccountVariable } from './delete';
export { getAccountVariable } from './get';
export { listAccountVariablesPage } from './list';
export { updateAccountVariable } from './update';
