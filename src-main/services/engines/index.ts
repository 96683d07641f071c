// The engines: what runs in the background (started and stopped by the composition root), built on the entities' verbs.
export { startAlerting, type Alerting } from './alerting';
export { dashboardSummary, watchDashboard } from './dashboard-feed';
export { HeartbeatJudge, startHeartbeatJudge, type HeartbeatJudgeOptions } from './heartbeat-judge';
export { startDesktopDelivery, type DesktopDelivery, type DesktopNotifier } from './desktop-delivery';
export { createDispatcher, type Dispatcher, type DispatcherOptions } from './dispatcher';
export { startRetention, type Retention, type RetentionReport } from './retention';
export { startSubscriberMailer, subscriberMailerOf, type SubscriberMailer } from './subscriber-mailer';
