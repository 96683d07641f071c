// The check groups' public face: transports import from here only.
export { createCheckGroup } from './create';
export { deleteCheckGroupById } from './delete';
export { getCheckGroup } from './get';
export { listCheckGroupPage } from './list';
export { updateCheckGroup } from './update';
export { toGroupId } from './id';
export { resolveEffectiveCheckSettings, type CheckSettings, type EffectiveCheckSettings, type GroupSettings, type SettingSource } from './resolve-effective-settings';
export { accountAlertSettingsOf, checkSettingsOf, groupSettingsOf } from './stored-settings';
