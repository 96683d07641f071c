// The account variables' public face: transports import from here only.
export { getAccountVariable, listAccountVariablesPage } from './read';
export { createAccountVariable, deleteAccountVariable, updateAccountVariable } from './write';
