export interface Section {
  path: string;
  label: string;
}

/** The navbar, in order; each entry has a route in app-routes.tsx. */
export const SECTIONS: readonly Section[] = [
  { path: '/', label: 'Dashboard' },
  { path: '/monitors', label: 'Monitors' },
  { path: '/groups', label: 'Groups' },
  { path: '/maintenance', label: 'Maintenance' },
  { path: '/alert-channels', label: 'Alert channels' },
  { path: '/status-page', label: 'Status page' },
  { path: '/projects', label: 'Projects' },
  { path: '/sessions', label: 'Sessions' },
  { path: '/notifications', label: 'Notifications' },
  { path: '/agent', label: 'Agent' },
  { path: '/settings', label: 'Settings' },
];
