// The alert channels' public face: transports and other services import from here only.
export { createAlertChannel, deleteAlertChannelById, getAlertChannel, listAlertChannels, updateAlertChannel } from './channels';
export { storedBodyOf } from './read-shape';
export { channelIdOf, findOrNotFound } from './store';
export { listAlertChannelSubscriptions, AlertChannelSubscriptionQuery, type AlertChannelSubscriptionPage, type NamedAlertChannelSubscription } from './subscription-page';
export { removeAlertChannelSubscription, updateAlertChannelSubscription } from './subscriptions';
export { webhookTemplateVariables } from './template-variables';
