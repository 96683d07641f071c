// The desktop app's backend side: transports and the Electron shell import from here only.
export { getDesktopNotificationSettings, setDesktopNotificationSettings, wantsDesktopNotice } from './settings';
export { alertsPausedUntil, pauseAllAlerts } from './pause-alerts';
