// The status pages' public face: transports and other services import from here only.
export { openIncidentForCheck, resolveIncidentForCheck, type CheckIncidentTrigger, type OpenedIncident } from './check-incidents';
export { addIncidentUpdate, deleteIncidentUpdateById, editIncidentUpdate, getIncidentUpdate, listIncidentUpdateViews } from './incident-updates';
export { createIncident, deleteIncidentById, editIncident, getIncident, listIncidentPage, patchIncident } from './incidents';
export { createStatusPage, deleteStatusPageById, getStatusPage, listStatusPagePage, publishStatusPage, updateStatusPage } from './pages';
export { loadPublicStatusPage, publicPageHeading, publicPageUrl, type PublicDay, type PublicIncident, type PublicPageHeading, type PublicService, type PublicStatusPage, type PublicUpdate } from './public-page';
export { MAINTENANCE_LOOKAHEAD_DAYS, type PublicMaintenance } from './public-maintenance';
export { UPTIME_DAYS } from './public-uptime';
export { createStatusPageService, deleteStatusPageServiceById, getServiceCheckLinks, getStatusPageService, listStatusPageServicePage, setServiceChecks, updateStatusPageService } from './services';
export { kickSubscriberMail, registerSubscriberMailer } from './subscriber-mail-kick';
export { planSubscriberMail } from './subscriber-mail-facts';
export { listPageSubscribers, publicStatusBase, removeSubscriber, subscriberCounts } from './subscribers-admin';
export { checkConfirmLink, confirmSubscription, subscribe, unsubscribe } from './subscribers-public';
export { CONFIRMATION_TTL_MS } from './subscription-limits';
