// The alert channels' public face: transports and other services import from here only.
export { createAlertChannel, deleteAlertChannelById, getAlertChannel, listAlertChannels, updateAlertChannel } from './channels';
export { storedBodyOf } from './read-shape';
export { channelIdOf, findOrNotFound } from './store';
export { updateAlertChannelSubscription } from './subscriptions';
