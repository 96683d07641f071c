// Notifications' public face: transports and alerting import from here only.
export { createDispatcher, type Dispatcher, type DispatcherOptions } from './dispatcher';
export { getNamedAlertNotification, listAlertNotifications, listNamedAlertNotifications } from './list';
export { enqueueNotification } from './outbox';
export { sendTestNotification } from './send-test';
