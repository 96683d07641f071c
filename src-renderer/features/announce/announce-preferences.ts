import { useSyncExternalStore } from 'react';

/** Per browser, not per account: whether this console may make a sound or raise system notifications. */
export interface AnnouncePreferences {
  sound: boolean;
  notify: boolean;
}

const KEY = 'sightline.announce';
const DEFAULTS: AnnouncePreferences = { sound: false, notify: false };
const listeners = new Set<() => void>();
let cached: AnnouncePreferences | null = null;

function read(): AnnouncePreferences {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    if (stored && typeof stored === 'object') {
      const record = stored as Record<string, unknown>;
      return { sound: record.sound === true, notify: record.notify === true };
    }
  } catch {
    // A value another version wrote, or storage that refuses access: the options are off.
  }
  return DEFAULTS;
}

export function announcePreferences(): AnnouncePreferences {
  cached ??= read();
  return cached;
}

export function setAnnouncePreferences(patch: Partial<AnnouncePreferences>): void {
  cached = { ...announcePreferences(), ...patch };
  try {
    localStorage.setItem(KEY, JSON.stringify(cached));
  } catch {
    // Private windows may refuse storage: the choice then lasts for this tab only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab of the same browser changed them.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== KEY) return;
    cached = read();
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useAnnouncePreferences(): AnnouncePreferences {
  return useSyncExternalStore(subscribe, announcePreferences);
}
