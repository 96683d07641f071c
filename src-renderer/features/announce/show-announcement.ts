import { notifications } from '@mantine/notifications';
import type { AnnouncePreferences } from './announce-preferences';
import { playFailureSound } from './alert-sound';
import { burstText, type Announcement } from './change-bursts';

// A failure stays until read or 15 s; a recovery is good news and goes sooner.
const FAILED_MS = 15_000;
const RECOVERED_MS = 6_000;

function texts(announcement: Announcement): { title: string; message: string } {
  const failed = announcement.kind === 'failed';
  if (announcement.type === 'burst') {
    return { title: burstText(announcement.kind, announcement.monitors), message: failed ? 'The dashboard lists them with their last error.' : 'They are no longer failing.' };
  }
  const name = announcement.monitor.name;
  return failed ? { title: `${name} is failing`, message: 'Its last run failed.' } : { title: `${name} recovered`, message: 'It is no longer failing.' };
}

function notifyBrowser(title: string, message: string, tag: string): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    new Notification(title, { body: message, tag, icon: './favicon.svg' });
  } catch {
    // Some browsers allow notifications only from a service worker: the toast has said it.
  }
}

/** A toast (a burst's one toast replaces the single ones it absorbed), and the opt-in sound and system notification. */
export function showAnnouncement(announcement: Announcement, preferences: AnnouncePreferences): void {
  const { title, message } = texts(announcement);
  const failed = announcement.kind === 'failed';
  if (announcement.type === 'burst') for (const id of announcement.replaces) notifications.hide(id);
  const toast = { id: announcement.id, title, message, color: failed ? 'red' : 'teal', autoClose: failed ? FAILED_MS : RECOVERED_MS };
  if (announcement.type === 'burst' && announcement.shown) notifications.update(toast);
  else notifications.show(toast);
  if (preferences.notify) notifyBrowser(title, message, announcement.id);
}

/** One sound per summary however many failed: a burst must not become a siren. */
export function soundFor(announcements: readonly Announcement[], preferences: AnnouncePreferences): void {
  if (preferences.sound && announcements.some((a) => a.kind === 'failed')) playFailureSound();
}
