// Notifications' public face: transports and alerting import from here only.
export { getNamedAlertNotification, listAlertNotifications, listNamedAlertNotifications } from './list';
export { enqueueNotification } from './outbox';
export { sendTestNotification } from './send-test';
export { digestEvent } from './digest';
export { holdDigestForBudget } from './outbox';
